#!/bin/bash
set -x
RUN=$1
IMG=nvcr.io/nvidia/pytorch:24.01-py3
for i in 1 2 3; do
  docker pull $IMG && break
  sleep 10
done
docker run --rm --name $RUN --gpus all --ipc=host --network=host --ulimit memlock=-1 --ulimit stack=67108864 \
  -v /shared:/shared -e LOGLEVEL=INFO -e NCCL_DEBUG=WARN \
  $IMG torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=10.20.4.17:29400 --rdzv-id=$RUN \
  /shared/jobs/llm7b-sft/train.py --config /shared/jobs/llm7b-sft/configs/sft-7b.yaml
