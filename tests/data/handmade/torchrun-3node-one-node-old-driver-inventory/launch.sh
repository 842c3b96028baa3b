#!/bin/bash
# launched from the login node: ./launch.sh ga100-n03 ga100-n07 ga100-n11
RUN=/lustre/proj/vith14/runs/0611
mkdir -p $RUN/logs $RUN/nodes
for h in "$@"; do
  ssh $h "mkdir -p $RUN/nodes/$h; nvidia-smi > $RUN/nodes/$h/nvidia-smi.txt; \
    docker exec vith14 python -m torch.utils.collect_env > $RUN/nodes/$h/collect_env.txt 2>&1; \
    dmesg -T | grep -E 'NVRM|nvidia|mlx5|EXT4' | tail -n 40 > $RUN/nodes/$h/dmesg.txt"
  ssh $h "docker exec -e LOGLEVEL=INFO vith14 torchrun --nnodes=3 --nproc-per-node=8 --rdzv-backend=c10d \
    --rdzv-endpoint=ga100-n03:29400 --rdzv-id=vith14-0611 --max-restarts=0 \
    --log-dir=$RUN/elastic --redirects=3 \
    main_pretrain.py --model mae_vit_huge_patch14 --batch_size 64 --epochs 800" > $RUN/logs/torchrun.$h.log 2>&1 &
done
wait
