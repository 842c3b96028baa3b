#!/bin/bash
# per-rank wrapper: run the trainer; if it fails, keep the GPU state of this node
cd /home/jdoe/lm
"$@"
rc=$?
if [ $rc -ne 0 ]; then
    mkdir -p diag
    nvidia-smi -q > diag/nvidia-smi-q.$(hostname -s).rank${OMPI_COMM_WORLD_RANK}.txt 2>&1
    nvidia-smi nvlink -e >> diag/nvidia-smi-q.$(hostname -s).rank${OMPI_COMM_WORLD_RANK}.txt 2>&1
fi
exit $rc
