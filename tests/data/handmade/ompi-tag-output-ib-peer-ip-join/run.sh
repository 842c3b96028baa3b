#!/bin/bash
# mix-v3 7B pretraining, 4 nodes x 4 H100, Open MPI 4.1.6
set -euo pipefail
export NCCL_DEBUG=INFO
export NCCL_DEBUG_SUBSYS=INIT,NET
export NCCL_SOCKET_IFNAME=ib0
export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3
mpirun -np 16 --hostfile hostfile --map-by ppr:4:node --bind-to none --tag-output \
    -x NCCL_DEBUG -x NCCL_DEBUG_SUBSYS -x NCCL_SOCKET_IFNAME -x NCCL_IB_HCA -x MASTER_ADDR=10.44.7.31 -x MASTER_PORT=29511 -x PATH -x LD_LIBRARY_PATH \
    /opt/venv/bin/python train.py --config configs/mix-v3-7b.yaml 2>&1 | tee mpirun.log
