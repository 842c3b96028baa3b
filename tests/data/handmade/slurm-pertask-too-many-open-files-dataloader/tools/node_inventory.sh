#!/bin/bash
echo "### $(hostname -s)  $(date)"
echo "### ulimit -a"; ulimit -a
echo "### ulimit -Hn"; ulimit -Hn
echo "### nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version,memory.total --format=csv"
nvidia-smi --query-gpu=index,name,pci.bus_id,driver_version,memory.total --format=csv
echo "### df -h /dev/shm /scratch"; df -h /dev/shm /scratch
