#!/usr/bin/env bash
# NOT YET RUN as written: the commands for the edit-representation models of issue 15 (the
# paper's first experiment: reconstruction and one-shot transfer, span copy against token
# copy). Only proof-of-life models were trained so far, not with this recipe: 64/128, edit
# vector 64, 3000 steps of 32 pairs (21 minutes each, side by side, on the busy 2-core machine)
# on the JDK synth "user" pairs and the real edits (../data/synth-user, ../data/java-edits-bfp),
# benchmarked with group size 20. Of the data step, import-edits and split ran as written
# (16,173 real edits: 12,939 train, 808 valid, 2,426 test, whose test has 29 groups of one
# abstract change with at least 10 edits, the largest 59) and synth with --limit 3000 (it
# writes the test split's kinds). Run from the repository root:
#
#   recipes/edit-repr.sh [STEP...]      steps: data span token bench
#   (span and token side by side, one core each: recipes/edit-repr.sh span & recipes/edit-repr.sh token)
#
# DATA, RUNS and SHARED as in recipes/java-bfp.sh; STEPS (default 10000) the training steps
# of each model, GROUP_SIZE (default 100, the paper's) the edits per transfer group.
# Expected on the 2-core machine, estimated from measurements at these sizes, not run:
# - data: about 5 minutes (synth took 141 s on the JDK with 2 workers);
# - span, token: 0.94 s of CPU per step of 64 random pairs with the edit encoder (0.75 s
#   without; training's length-bucketed batches pad less: the repair model's pretraining ran
#   at 0.49 s per step), so 0.6-0.9 s per step, 1.7-2.5 hours for 10000 steps, side by side;
# - bench: the proof-of-life models took about 6 ms of CPU per decode (beam 5); these are
#   about 4 times the compute, so about 25 ms: with GROUP_SIZE=100 the synth kinds alone are
#   16 groups x 9900 decodes, about 1.1 hours per model, twice that with the control (the
#   same targets under other groups' edits); GROUP_SIZE=30 (16 x 870) takes about 12 minutes
#   per model with the control and is the first thing to run.
# Every training step is resumable: rerun it after an interruption and it continues from its
# last checkpoint.
set -euo pipefail
SHARED=${SHARED:-../shared/data}
DATA=${DATA:-../data}
RUNS=${RUNS:-../runs}
JDK_SRC=${JDK_SRC:-/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip}
T="python -m trainer"
SYNTH=("$DATA/edit-synth/small" "$DATA/edit-synth/medium")
REAL=("$DATA/edit-real/small" "$DATA/edit-real/medium")
HELD=("$DATA/edit-real-small" "$DATA/edit-real-medium")  # valid (early stopping) and test

step_data() {
  # Synthetic edits: every mutation kind of trainer/mutations.py (the bfp mix, which has all
  # of them), JDK files split train/valid/test: a test method is in no training pair. A pair
  # goes from the mutant to the method as written, so each kind is one mechanical rewrite.
  $T synth --java "$JDK_SRC" --out "$DATA/edit-synth" --workers 2 --seed 2 --valid 0.01 \
    --test 0.03 --no-progress
  # Real edits (ManySStuBs4J minus the real-bug slices, CodRep), 20% held out per bucket,
  # a quarter of that for validation and the rest for the benchmark.
  $T import-edits "$SHARED"/java-edits/manysstubs4j.jsonl "$SHARED"/java-edits/codrep.jsonl \
    --out "$DATA/edit-real" --held-out 0.2 --held-name heldout --seed 0
  for size in small medium; do
    $T split --data "$DATA/edit-real/$size" --split heldout --held-out 0.75 --seed 0 \
      --out "$DATA/edit-real-$size" --train-name valid --held-name test
  done
}

train_edit() {  # $1: copy mode (span|token)
  $T train --train "${SYNTH[@]}" "${REAL[@]}" --valid "${HELD[@]}" --copy-mode "$1" \
    --embedding-dim 128 --hidden-size 256 --edit-dim 128 --vocab-max-size 1000 \
    --batch-size 64 --epochs 1 --max-steps "${STEPS:-10000}" --save-every 250 --log-every 50 \
    --workers 1 --threads 1 --resume --no-progress --out "$RUNS/edit-$1"
}

step_span() { train_edit span; }
step_token() { train_edit token; }

# The table: reconstruction of the held-out real edits, one-shot transfer within each synth
# kind and within each group of real edits of one abstract token change (at least 10), the
# paper's first 100 per group, each with its control (timing above).
step_bench() {
  OMP_NUM_THREADS=1 python bench/edit_repr.py --span "$RUNS/edit-span" --token "$RUNS/edit-token" \
    --recon "${HELD[@]}" --recon-split test --kinds "${SYNTH[@]}" --changes "${HELD[@]}" \
    --kinds-split test --changes-split test --group-size "${GROUP_SIZE:-100}" --min-group 10 --beam 5 --threads 1 \
    --control --no-progress | tee "$RUNS/edit-repr-bench.txt"
}

for step in "${@:-data span token bench}"; do
  for s in $step; do "step_$s"; done
done
