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
  # 2.5% of the synthetic pairs (4,991), mixed into the fine-tuning so that it does not forget.
  $T split --data "$DATA/synth" --split train --held-out 0.025 --seed 0 --out "$DATA/synth-mix" \
    --train-name rest --held-name train
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

# The JFLEG tune pairs three times over and the synthetic mix; validation (early stopping) on
# the tune part's valid sentences.
finetune() {  # $1: copy mode (span|token)
  $T train --train "$DATA/jfleg-tune" "$DATA/jfleg-tune" "$DATA/jfleg-tune" "$DATA/synth-mix" \
    --valid "$DATA/jfleg-tune" --init "$RUNS/pre-$1" --copy-mode "$1" --out "$RUNS/ft-$1" \
    --lr 5e-4 --warmup 50 --epochs "${FT_EPOCHS:-8}" --patience 2 --save-every 100 --workers 1 \
    --threads 1 --log-every 20 --resume --no-progress
}

step_finetune() {
  finetune span > "$RUNS/ft-span.log" 2>&1 &
  finetune token > "$RUNS/ft-token.log" 2>&1 &
  wait
}

# The span-copy model ships; both are kept outside the repository for bench/prose.py.
step_ship() {
  rm -rf "$RUNS/span-final" "$RUNS/token-final"
  cp -r "$RUNS/ft-span" "$RUNS/span-final"
  cp -r "$RUNS/ft-token" "$RUNS/token-final"
  mkdir -p spancopy_core/pretrained/prose-en
  cp "$RUNS/ft-span"/{config.json,vocab.json,model.safetensors} spancopy_core/pretrained/prose-en/
}

mkdir -p "$DATA" "$RUNS"
for step in "${@:-packages data pretrain finetune ship}"; do
  for s in $step; do "step_$s"; done
done
