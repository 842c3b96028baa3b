#!/bin/bash
# Started by hand in tmux on each node:
#   g2-n03:  bash run_node.sh 0 2>&1 | tee -a logs/train_$(hostname -s).log
#   g2-n11:  bash run_node.sh 1 2>&1 | tee -a logs/train_$(hostname -s).log
# (logs/ is on the shared home; the files are appended to, never rotated)
NODE_RANK=${1:?usage: run_node.sh <node-rank>}
source /home/mlops/venvs/pt25/bin/activate      # torch 2.5.1+cu124, NCCL 2.21.5 (nvidia-nccl-cu12), python 3.10
set -x
export TORCH_NCCL_ASYNC_ERROR_HANDLING=3
export NCCL_SOCKET_IFNAME=ens21f0np0
cd /home/mlops/proj/vitdet-pretrain
date
torchrun --nnodes=2 --node-rank=${NODE_RANK} --nproc-per-node=8 --master-addr=g2-n03 --master-port=29500 --tee 3 \
    pretrain.py --config configs/vit_h_mae.yaml --output_dir /scratch/mae/run7 --resume /scratch/mae/run7/checkpoint-149.pth
