#!/bin/bash
# launch.sh -- started on every node by: pdsh -w gpu-c3-[14-15,21] 'cd /lustre/llama3b-pt && ./launch.sh'
export NCCL_DEBUG=INFO
export NCCL_DEBUG_FILE=/lustre/llama3b-pt/logs/nccl/nccl.%h.%p
export NCCL_SOCKET_IFNAME=bond0
export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3
mkdir -p logs/nccl
torchrun --nnodes=3 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=gpu-c3-14:29400 \
    --rdzv_id=llama3b-pt-1119 pretrain.py --config configs/llama3b.yaml \
    > logs/torchrun.$(hostname -s).log 2>&1
