#!/usr/bin/env bash
# The recipe of the shipped prose model spancopy_core/pretrained/prose-en and of its token-copy
# comparison (spancopy_core/pretrained/prose-en/MODEL_CARD.md). Run from the repository root:
#
#   recipes/prose.sh [STEP...]     steps: packages data pretrain finetune ship
#
# DATA (outside the repository, never committed) defaults to ../data/prose, RUNS to
# ../runs/prose, SHARED to ../shared/data. On 2 CPU cores the span and token runs of each
# training step ran side by side, one thread each (the flags below are the ones we used).
# Every training step is resumable: rerun it after an interruption and it continues from its
# last checkpoint (--resume).
set -euo pipefail
SHARED=${SHARED:-../shared/data}
DATA=${DATA:-../data/prose}
RUNS=${RUNS:-../runs/prose}
T="python -m trainer"

# The documentation read besides what the machine had (python3.11-doc, debian-reference-en,
# manpages): general-register English (fortunes) and word lists (spelling candidates).
step_packages() {
  apt-get install -y fortunes fortunes-min wamerican wbritish gnu-standards
}

step_data() {
  # Clean sentences of the documentation (trainer/synth_prose.py DEFAULT_SOURCES) with
  # learner-like errors (trainer/prose_noise.py), two noisy copies each.
  $T synth-prose --out "$DATA/synth" --seed 0 --no-progress
  # JFLEG dev's tune part: each source with each reference (train), every fifth tune sentence
  # for validation; the held-out slice (trainer/jfleg.py) is never written.
  $T jfleg-data --jfleg "$SHARED/jfleg" --out "$DATA/jfleg-tune"
}

pretrain() {  # $1: copy mode (span|token)
  $T train --train "$DATA/synth" --valid "$DATA/jfleg-tune" --vocab-from "$DATA/jfleg-tune" \
    --vocab-min-count 5 --vocab-max-size 8000 --char-ngrams 32768 --copy-mode "$1" \
    --out "$RUNS/pre-$1" --epochs 1 --max-steps "${STEPS:-3000}" --save-every 250 --workers 1 \
    --threads 1 --log-every 50 --resume --no-progress
}

step_pretrain() {
  pretrain span > "$RUNS/pre-span.log" 2>&1 &
  pretrain token > "$RUNS/pre-token.log" 2>&1 &
  wait
}

step_finetune() { :; }  # written when run

step_ship() { :; }  # written when run

mkdir -p "$DATA" "$RUNS"
for step in "${@:-packages data pretrain finetune ship}"; do
  for s in $step; do "step_$s"; done
done
