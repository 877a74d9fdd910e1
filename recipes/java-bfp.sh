#!/usr/bin/env bash
# The recipe of the shipped model spancopy_core/pretrained/java-bfp and of its comparisons
# (spancopy_core/pretrained/java-bfp/MODEL_CARD.md). Run from the repository root:
#
#   recipes/java-bfp.sh [STEP...]   steps: data pretrain finetune bfp-only token edits-only synth-only
#                                   evaluate
#
# The shipped model is $RUNS/ft-span. The card's "synth + edits, 1 ep." and "3 ep." columns are
# `EPOCHS=1` / `EPOCHS=3 recipes/java-bfp.sh pretrain finetune` (with another RUNS). On 2 CPU
# cores we ran two steps side by side, each with --threads 1 (the flags below are the ones we
# used; synth-only ran alone on 2 threads); alone, drop --threads to use every core.
# DATA (outside the repository, never committed) defaults to ../data, RUNS to ../runs,
# SHARED to ../shared/data. Every training step is resumable: rerun the same step after an
# interruption and it continues from its last checkpoint (--resume).
set -euo pipefail
SHARED=${SHARED:-../shared/data}
DATA=${DATA:-../data}
RUNS=${RUNS:-../runs}
JDK_SRC=${JDK_SRC:-/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip}
T="python -m trainer"

BFP_TRAIN=("$DATA/bfp-small" "$DATA/bfp-medium")
SYNTH=("$DATA/synth-jdk/small" "$DATA/synth-jdk/medium")
EDITS=("$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium")
PRETRAIN_VOCAB=(--vocab-from "${BFP_TRAIN[@]}" --vocab-min-count 50 --vocab-max-size 1000)

data() {
  # Labelled data: BFP small and medium valid splits minus a fixed, seeded 10% held out.
  $T split --data "$SHARED/bfp/small" --split valid --held-out 0.1 --seed 0 --out "$DATA/bfp-small"
  $T split --data "$SHARED/bfp/medium" --split valid --held-out 0.1 --seed 0 --out "$DATA/bfp-medium"
  # Synthetic bug-fix pairs from the JDK sources (apt-get install openjdk-17-source).
  $T synth --java "$JDK_SRC" --out "$DATA/synth-jdk" --workers 2 --seed 0
  # Real edits of real code (ManySStuBs4J, CodRep), abstracted like BFP.
  $T import-edits "$SHARED"/java-edits/manysstubs4j.jsonl "$SHARED"/java-edits/codrep.jsonl \
    --out "$DATA/java-edits-bfp"
}

pretrain() {  # $1: copy mode (span|token); $2: run name; then the training data dirs
  local mode=$1 name=$2
  shift 2
  $T train --train "$@" --valid "${EDITS[@]}" "${PRETRAIN_VOCAB[@]}" --copy-mode "$mode" \
    --out "$RUNS/$name" --epochs "${EPOCHS:-2}" --patience 2 --save-every 500 --workers 1 --threads 1 \
    --log-every 20 --resume --no-progress
}

finetune() {  # $1: initial model; $2: run name; $3: copy mode
  $T train --train "${BFP_TRAIN[@]}" --init "$RUNS/$1" --out "$RUNS/$2" --copy-mode "$3" \
    --lr 5e-4 --warmup 50 --epochs 30 --patience 4 --workers 1 --threads 1 --resume --no-progress
}

step_data() { data; }
step_pretrain() { pretrain span pre-span "${SYNTH[@]}" "${EDITS[@]}"; }
step_finetune() { finetune pre-span ft-span span; }
step_bfp-only() {
  $T train --train "${BFP_TRAIN[@]}" --out "$RUNS/bfp-only-span" --epochs 40 --patience 4 --workers 1 \
    --threads 1 --resume --no-progress
}
step_token() { pretrain token pre-token "${SYNTH[@]}" "${EDITS[@]}"; finetune pre-token ft-token token; }
# Ablation: pretraining on the real edits alone (17k pairs), to early stopping.
step_edits-only() { EPOCHS=10 pretrain span pre-edits "${EDITS[@]}"; finetune pre-edits ft-edits span; }
# Ablation: pretraining on the synthetic JDK pairs alone, one epoch (compare: EPOCHS=1 pretrain).
step_synth-only() {
  EPOCHS=1 pretrain span pre-synth-e1 "${SYNTH[@]}"; finetune pre-synth-e1 ft-synth-e1 span
}
step_evaluate() {
  for run in ft-span ft-token bfp-only-span ft-edits ft-synth-e1; do
    for size in small medium; do
      OMP_NUM_THREADS=1 $T evaluate --model "$RUNS/$run" --data "$DATA/bfp-$size" --split test --beam 20 \
        --json "$RUNS/eval/$run-$size.json" --no-progress
    done
  done
}

for step in "${@:-data pretrain finetune bfp-only token edits-only synth-only evaluate}"; do
  for s in $step; do "step_$s"; done
done
