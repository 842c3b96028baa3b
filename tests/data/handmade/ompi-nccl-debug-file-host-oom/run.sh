#!/bin/bash
# lm-run17: 1.3B LM, 3 x 8-GPU L40S nodes on 100GbE (no RDMA), Open MPI 4.1.5
cd /scratch/lm-run17
mkdir -p nccl
mpirun -np 24 --hostfile hostfile --map-by ppr:8:node --bind-to none --tag-output -x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET,ENV -x NCCL_DEBUG_FILE=/scratch/lm-run17/nccl/nccl.%h.%p -x NCCL_IB_DISABLE=1 -x NCCL_SOCKET_IFNAME=ens2f0 -x MASTER_ADDR=cn-101 -x MASTER_PORT=29611 -x PATH -x LD_LIBRARY_PATH python train_lm.py --config configs/lm1b3_mix.yaml --cache-docs 2>&1 | tee mpirun.log
