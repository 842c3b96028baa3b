#!/bin/bash
# launched by hand from gpu-c01 (Open MPI 4.1.5, torch 2.5.1+cu124, nvidia-nccl-cu12 2.21.5)
# the 100GbE data network (ens21f0, 172.20.8.0/24) has no RDMA: NCCL runs over sockets
source /opt/venv/bin/activate
cd /home/jdoe/lm
mpirun -np 16 --hostfile hostfile --map-by ppr:4:node --bind-to none --tag-output \
    -x PATH -x LD_LIBRARY_PATH \
    -x MASTER_ADDR=gpu-c01 -x MASTER_PORT=29511 \
    -x NCCL_DEBUG=INFO -x NCCL_SOCKET_IFNAME=ens21f0 -x NCCL_IB_DISABLE=1 \
    -x OMP_NUM_THREADS=8 \
    ./rank_wrapper.sh python train_lm.py --config configs/gpt-1.3b.yaml \
    2>&1 | tee mpirun.log
