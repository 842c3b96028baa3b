#!/bin/bash
# run from trn-g07; ~/.deepspeed_env holds NCCL_DEBUG=WARN, NCCL_SOCKET_IFNAME=bond0, NCCL_IB_HCA=...
cd /lustre/proj/llm/sft
deepspeed --hostfile hostfile train_sft.py \
    --deepspeed --deepspeed_config ds_zero2.json \
    --model /lustre/proj/llm/models/Meta-Llama-3-8B \
    --data /lustre/proj/llm/data/sft-mix-v3 \
    --save_dir /lustre/proj/llm/ckpt/sft-llama3-8b --save_interval 1000 --max_steps 12000 \
    2>&1 | tee deepspeed-train.log
