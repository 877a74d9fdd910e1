#!/usr/bin/env bash
# The recipe of the shipped model spancopy_core/pretrained/java-bfp since issue 11: the
# previous model (recipes/java-bfp.sh, steps data pretrain finetune; its weights are the
# --init of the step below, ../runs/ft-span) fine-tuned to read the focus (where the user
# points, spancopy_core/paper/focus.py) on a mix that looks like users' bugs. Run from the
# repository root:
#
#   recipes/java-focus.sh [STEP...]     steps: data focus no-synth focus-bfp focus-final focus-s5
#                                       soup evaluate
#                                       context-data context context-evaluate s1-focus mix
#                                       (not run by default)
#
# DATA, RUNS and SHARED as in recipes/java-bfp.sh. INIT (default: the shipped model before
# this recipe, ../runs/ft-span) is the model fine-tuned. Every training step is resumable:
# rerun it after an interruption and it continues from its last checkpoint.
set -euo pipefail
SHARED=${SHARED:-../shared/data}
DATA=${DATA:-../data}
RUNS=${RUNS:-../runs}
INIT=${INIT:-$RUNS/ft-span}
JDK_SRC=${JDK_SRC:-/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip}
T="python -m trainer"

step_data() {
  $T split --data "$SHARED/bfp/small" --split valid --held-out 0.1 --seed 0 --out "$DATA/bfp-small"
  $T split --data "$SHARED/bfp/medium" --split valid --held-out 0.1 --seed 0 --out "$DATA/bfp-medium"
  # Real edits (ManySStuBs4J minus the held-out projects of trainer/heldout.json, CodRep).
  $T import-edits "$SHARED"/java-edits/manysstubs4j.jsonl "$SHARED"/java-edits/codrep.jsonl \
    --out "$DATA/java-edits-bfp"
  # Synthetic bugs weighted like the bugs people write (trainer/mutations.py USER_WEIGHTS).
  $T synth --java "$JDK_SRC" --out "$DATA/synth-user" --profile user --workers 2 --seed 1 --no-progress
}

step_focus() {
  $T train --train "$DATA/synth-user/small" "$DATA/synth-user/medium" \
    "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" "$DATA/bfp-small" "$DATA/bfp-medium" \
    --valid "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" \
    --init "$INIT" --focus --out "$RUNS/focus-user" --lr 5e-4 --warmup 100 --epochs 1 \
    --max-steps "${STEPS:-3000}" --save-every 250 --workers 1 --threads 1 --log-every 50 \
    --resume --no-progress
}

# Ablation: the same fine-tuning without the synthetic pairs (real edits and BFP only). The
# model card's run was stopped after its third epoch (best, 1,206 steps): STEPS=1206.
step_no-synth() {
  $T train --train "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" \
    "$DATA/bfp-small" "$DATA/bfp-medium" \
    --valid "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" \
    --init "$INIT" --focus --out "$RUNS/focus-no-synth" --lr 5e-4 --warmup 100 --epochs 10 \
    --max-steps "${STEPS:-3000}" --patience 2 --save-every 250 --workers 1 --threads 1 \
    --log-every 50 --resume --no-progress
}

# The user-bug model fine-tuned back on real edits and BFP (the synthetic pairs make 91% of
# step_focus's data and cost BFP accuracy) for two epochs (804 steps).
step_focus-bfp() {
  $T train --train "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" \
    "$DATA/bfp-small" "$DATA/bfp-medium" \
    --valid "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" \
    --init "$RUNS/focus-user" --out "$RUNS/focus-bfp" --lr 5e-4 --warmup 100 --epochs 10 \
    --max-steps "${STEPS_BFP:-804}" --patience 2 --save-every 250 --workers 1 --threads 1 \
    --log-every 50 --resume --no-progress
}

# Then BFP alone, as recipes/java-bfp.sh ends, for two epochs (332 steps; epochs 3 and 4 did
# not improve the validation loss on a seeded 5% of it): the shipped model.
step_focus-final() {
  $T train --train "$DATA/bfp-small" "$DATA/bfp-medium" --init "$RUNS/focus-bfp" \
    --out "$RUNS/focus-final" --lr 5e-4 --warmup 50 --epochs 30 --patience 3 \
    --max-steps "${STEPS_FINAL:-332}" --save-every 250 --workers 1 --threads 1 --log-every 50 \
    --resume --no-progress
}

# Whole-method repair (no focus: diagnostics, BFP) saw a focus-less input in a fifth of the
# pairs only, and stage 4 lost BFP accuracy. One more pass over BFP with the focus left out of
# 60% of the pairs (lr 2e-4; three epochs, the first the best by validation loss), then the
# mean of its weights and stage 4's: the shipped model (MODEL_CARD.md, "Stage 5"). The
# pass alone (focus-s5) lost more real-bug fixes at top-1 than the mean.
# bfp_pass INIT OUT NONE [OPTION...]: INIT trained on BFP small and medium, the focus left out
# of the share NONE of the pairs, lr 2e-4, up to STEPS_S5 (498: three epochs) steps.
bfp_pass() {
  local init=$1 out=$2 none=$3
  shift 3
  $T train --train "$DATA/bfp-small" "$DATA/bfp-medium" --init "$init" \
    --out "$out" --focus-none "$none" "$@" --lr 2e-4 --warmup 20 --epochs 30 --patience 2 \
    --max-steps "${STEPS_S5:-498}" --save-every 250 --workers 1 --threads 1 --log-every 50 \
    --resume --no-progress
}

step_focus-s5() {
  bfp_pass "$RUNS/focus-final" "$RUNS/focus-s5a" 0.6
}

step_soup() {
  $T average --models "$RUNS/focus-final" "$RUNS/focus-s5a" --out "$RUNS/focus-soup"
}

# Ablations after stage 5 (not run by default; MODEL_CARD.md, "After stage 5"): can BFP
# accuracy come back without losing users' bugs?
# - s1-focus: stage 1 (INIT) given the focus on BFP alone, as focus-s5 trains (none 50%).
# - mix: the step_focus fine-tuning with the synthetic bugs that reverse BFP's fix patterns
#   (recipes/java-bfp.sh step data, ../data/synth-jdk) added to the user mix, then the
#   focus-s5 pass over BFP. FOCUS_NONE (default 0.2, as step_focus) is the share of pairs
#   shown without a focus in the first part.
# - the means of the shipped model and each, by `python -m trainer average`.
step_s1-focus() {
  bfp_pass "$INIT" "$RUNS/s1f-a" 0.5 --focus  # --focus: stage 1 has no focus embedding yet
  $T average --models "$RUNS/focus-soup" "$RUNS/s1f-a" --out "$RUNS/soup-s1f"
}

step_mix() {
  local none=${FOCUS_NONE:-0.2}
  local out=$RUNS/mix-$none
  $T train --train "$DATA/synth-user/small" "$DATA/synth-user/medium" \
    "$DATA/synth-jdk/small" "$DATA/synth-jdk/medium" \
    "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" "$DATA/bfp-small" "$DATA/bfp-medium" \
    --valid "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" \
    --init "$INIT" --focus --focus-none "$none" --out "$out" --lr 5e-4 --warmup 100 --epochs 1 \
    --max-steps 3000 --save-every 250 --workers 1 --threads 1 --log-every 50 --resume --no-progress
  bfp_pass "$out" "$out-bfp" 0.6
  $T average --models "$RUNS/focus-soup" "$out-bfp" --out "$out-soup"
}

step_evaluate() {
  mkdir -p "$RUNS/eval"
  for run in focus-user focus-no-synth focus-bfp focus-final focus-s5a focus-soup; do
    for size in small medium; do
      OMP_NUM_THREADS=1 $T evaluate --model "$RUNS/$run" --data "$DATA/bfp-$size" --split test \
        --beam 20 --json "$RUNS/eval/$run-$size.json" --no-progress
    done
    OMP_NUM_THREADS=1 python bench/real_bugs.py --slice dev --model "$RUNS/$run" \
      --json "$RUNS/eval/$run-real-bugs-dev.jsonl"
  done
}

# Tokens the method lacks (issue 11): the model then shipped (CONTEXT_INIT, default the model
# of step_focus-final) fine-tuned to read a
# context segment after the method (spancopy_core.paper.context: names and literals of the file that
# the method lacks, at most 16). Only the JDK pairs have a file, so only they get a context
# segment: the user mix plus wrong_field (a field of the class named once replaced by another,
# whose fix needs the context), CONTEXT_PAIRS of them (default 80,000, about a third of the
# mix); the real edits and BFP keep an empty context, so the model still repairs methods
# without one. --context adds the zero-initialised marker of the segment.
step_context-data() {
  $T synth --java "$JDK_SRC" --out "$DATA/synth-context" --profile context --context \
    --workers 2 --seed 1 --limit "${CONTEXT_PAIRS:-80000}" --no-progress
}

step_context() {
  $T train --train "$DATA/synth-context/small" "$DATA/synth-context/medium" \
    "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" "$DATA/bfp-small" "$DATA/bfp-medium" \
    --valid "$DATA/synth-context/small" "$DATA/synth-context/medium" \
    "$DATA/java-edits-bfp/small" "$DATA/java-edits-bfp/medium" \
    --init "${CONTEXT_INIT:-$RUNS/focus-final}" --focus --context \
    --out "$RUNS/focus-context" --lr 5e-4 --warmup 100 --epochs 1 \
    --max-steps "${STEPS_CONTEXT:-2000}" --save-every 250 --workers 1 --threads 1 \
    --log-every 50 --resume --no-progress
}

# BFP (whole-method mode), the real-bug dev slice, the everyday bugs, the fixes of held-out
# JDK files that the context makes expressible, and the latency the segment costs.
step_context-evaluate() {
  mkdir -p "$RUNS/eval"
  for size in small medium; do
    OMP_NUM_THREADS=1 $T evaluate --model "$RUNS/focus-context" --data "$DATA/bfp-$size" \
      --split test --beam 20 --json "$RUNS/eval/focus-context-$size.json" --no-progress
  done
  OMP_NUM_THREADS=1 python bench/real_bugs.py --slice dev --model "$RUNS/focus-context" \
    --json "$RUNS/eval/focus-context-real-bugs-dev.jsonl"
  OMP_NUM_THREADS=1 python bench/real_bugs.py --records bench/data/everyday_bugs.jsonl \
    --model "$RUNS/focus-context"
  python bench/context_expressible.py --pairs "$DATA/synth-context/small" \
    "$DATA/synth-context/medium" --split valid
  OMP_NUM_THREADS=1 python bench/lsp_latency.py --model "$RUNS/focus-context"
}

for step in "${@:-data focus no-synth focus-bfp focus-final focus-s5 soup evaluate}"; do
  for s in $step; do "step_$s"; done
done
