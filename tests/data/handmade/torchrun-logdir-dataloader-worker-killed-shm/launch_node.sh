#!/bin/bash
# started on every node by pdsh (see launcher.log)
IMG=registry.hpc.internal/ft/ft13b:2025.03
exec docker run --rm --gpus all --network host --shm-size=2g \
  --device /dev/infiniband --ulimit memlock=-1 \
  -v /fsx:/fsx -e NCCL_DEBUG=INFO -e NCCL_DEBUG_SUBSYS=INIT,NET -e NCCL_SOCKET_IFNAME=enp226s0 \
  $IMG \
  torchrun --nnodes=2 --nproc-per-node=8 \
    --rdzv-backend=c10d --rdzv-endpoint=dgx-a100-07:29400 --rdzv-id=ft13b-0314 \
    --max-restarts=0 --redirects=3 --log-dir=/fsx/ft13b/torchrun_logs \
    /fsx/ft13b/src/train_ft.py --config /fsx/ft13b/configs/ft13b.yaml
