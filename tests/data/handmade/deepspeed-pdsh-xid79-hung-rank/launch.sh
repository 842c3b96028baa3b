#!/bin/bash
# gpt7b-r3 pretraining, 4 x XE8545 (4x A100-SXM4-80GB, 4x HDR200 each)
# started on gpu-a07:  nohup bash launch.sh > train-20241107-0358.log 2>&1 &
set -e
cd /home/svc-llm/Megatron-DeepSpeed
export NCCL_DEBUG=INFO
export NCCL_DEBUG_SUBSYS=INIT
export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3
export NCCL_SOCKET_IFNAME=bond0
export PYTHONPATH=/home/svc-llm/Megatron-DeepSpeed

deepspeed --hostfile=hostfile --master_addr=10.40.2.7 --master_port=29500 \
  pretrain_gpt.py --num-layers 32 --hidden-size 4096 --num-attention-heads 32 --seq-length 2048 --max-position-embeddings 2048 --micro-batch-size 4 --global-batch-size 256 --train-iters 50000 --lr 3e-4 --min-lr 3e-5 --lr-decay-style cosine --lr-warmup-iters 500 --bf16 --log-interval 50 --save-interval 2000 --eval-interval 1000 --eval-iters 10 --distributed-timeout-minutes 5 --data-path /lustre/llm/data/pile_text_document --vocab-file /lustre/llm/tok/gpt2-vocab.json --merge-file /lustre/llm/tok/gpt2-merges.txt --save /lustre/llm/ckpt/gpt7b-r3 --load /lustre/llm/ckpt/gpt7b-r3 --zero-stage 1 --deepspeed --deepspeed_config ds_config.json
