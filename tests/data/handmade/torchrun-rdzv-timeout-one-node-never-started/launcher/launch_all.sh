#!/bin/bash
# start one torchrun agent per node; c10d rendezvous store is hosted by the agent on trn-a100-07
RUN=${1:-llm7b-sft-0412}
LOGDIR=/shared/jobs/llm7b-sft/logs/$RUN
mkdir -p $LOGDIR
for h in trn-a100-07 trn-a100-08 trn-a100-09 trn-a100-10; do
  ssh -o BatchMode=yes $h "bash /shared/jobs/llm7b-sft/run_node.sh $RUN" > $LOGDIR/$h.log 2>&1 &
done
wait
