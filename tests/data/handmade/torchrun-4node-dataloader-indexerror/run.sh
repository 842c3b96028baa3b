#!/bin/bash
# run.sh -- pdsh -R ssh -w trn-n0[1-4] 'cd /fsx/sft && ./run.sh'
source /opt/conda/etc/profile.d/conda.sh && conda activate base
export NCCL_SOCKET_IFNAME=ib0
mkdir -p logs
torchrun --nnodes=4 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=trn-n01:29400 --rdzv_id=sft-0708 \
    --tee 3 train.py --config cfg/sft_8b.yaml 2>&1 | tee logs/train_$(hostname -s).log
