#!/bin/bash
# ViT-L/16 ImageNet-1k (relabelled v2), 2 x DGX A100, torch 2.5.1
# init_process_group(backend='nccl', timeout=timedelta(minutes=3)) in train_cls.py
for h in dgx-a03 dgx-a09; do
  ssh $h "cd /shared/vitcls && source /shared/envs/vit/bin/activate && LOGLEVEL=INFO nohup torchrun --nnodes 2 --nproc-per-node 8 \
      --rdzv-backend c10d --rdzv-endpoint dgx-a03:29400 --rdzv-id vitcls --max-restarts 0 \
      --log-dir /shared/vitcls/logs --redirects 3 \
      train_cls.py --model vit_large_patch16_224 --batch-size 96 --data-path /shared/datasets/in1k-relabel-v2 > agent-\$(hostname -s).log 2>&1 &"
done
