#!/bin/bash
# asr42: conformer-XL CTC/attention, 3 x p4d-class nodes (4 GPUs each), FSx for Lustre at /fsx
RUN=/fsx/runs/asr42
mkdir -p $RUN/elastic
for h in ip-10-20-1-37 ip-10-20-1-112 ip-10-20-1-205; do
  ssh $h "cd /fsx/code/asr && source /opt/venv/bin/activate && \
    LOGLEVEL=INFO NCCL_DEBUG=WARN NCCL_SOCKET_IFNAME=ens32 OMP_NUM_THREADS=8 \
    nohup torchrun --nnodes=3 --nproc-per-node=4 --max-restarts=0 \
      --rdzv-backend=c10d --rdzv-endpoint=ip-10-20-1-37.ec2.internal:29400 --rdzv-id=asr42 \
      --log-dir=$RUN/elastic --redirects=3 \
      train_asr.py --config conf/conformer_xl.yaml --out $RUN \
      > $RUN/agent-$h.log 2>&1 &"
done
