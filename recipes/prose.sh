#!/usr/bin/env bash
# The recipe of the shipped prose model spancopy_core/pretrained/prose-en and of its token-copy
# comparison (spancopy_core/pretrained/prose-en/MODEL_CARD.md). Run from the repository root:
#
#   recipes/prose.sh [STEP...]   steps: packages data pretrain finetune data2 pretrain2 finetune2
#                                data3 pretrain3 finetune3 ship
#                                lexicon java_words evaluate
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
DATA=$(realpath -m "$DATA")
RUNS=$(realpath -m "$RUNS")

# The documentation read besides what the machine had (python3.11-doc, debian-reference-en,
# manpages): general-register English (fortunes) and word lists (spelling candidates).
step_packages() {
  apt-get install -y fortunes fortunes-min wamerican wbritish gnu-standards
}

# The shipped model's synthetic data was made by the first version of synth-prose (commit
# 77469a2); later commits changed the noise and the markup stripping (see git log
# trainer/prose_noise.py trainer/prose_sources.py), so that version is run from a checkout.
# SYNTH_REV=HEAD makes the data of the current version instead.
step_data() {
  local rev=${SYNTH_REV:-77469a2} src="$DATA/src-${SYNTH_REV:-77469a2}"
  [ -d "$src" ] || git worktree add --detach "$src" "$rev"
  # Clean sentences of the documentation (trainer/synth_prose.py DEFAULT_SOURCES) with
  # learner-like errors (trainer/prose_noise.py), two noisy copies each.
  (cd "$src" && $T synth-prose --out "$DATA/synth" --seed 0 --no-progress)
  # JFLEG dev's tune part: each source with each reference (train), every fifth tune sentence
  # for validation; the held-out slice (trainer/jfleg.py) is never written.
  $T jfleg-data --jfleg "$SHARED/jfleg" --out "$DATA/jfleg-tune"
  # The same without the references that rewrite more than three tokens in one change: the
  # fine-tuning data (the first fine-tuning, on all references, taught the model to delete
  # whole clauses).
  $T jfleg-data --jfleg "$SHARED/jfleg" --max-change 3 --out "$DATA/jfleg-tune-local"
  # 2.5% of the synthetic pairs (4,991), mixed into the fine-tuning so that it does not forget.
  $T split --data "$DATA/synth" --split train --held-out 0.025 --seed 0 --out "$DATA/synth-mix" \
    --train-name rest --held-name train
}

pretrain() {  # $1: copy mode (span|token)
  $T train --train "$DATA/synth" --valid "$DATA/jfleg-tune" --vocab-from "$DATA/jfleg-tune" \
    --vocab-min-count 5 --vocab-max-size 8000 --char-ngrams 32768 --copy-mode "$1" \
    --out "$RUNS/pre-$1" --epochs 1 --max-steps "${STEPS:-2000}" --save-every 250 --workers 1 \
    --threads 1 --log-every 50 --resume --no-progress
}

# The span and token runs of a stage side by side: $1 the stage (its runs and logs are
# $1-span, $1-token), then a command that takes the copy mode first and its other arguments.
side_by_side() {
  local stage=$1
  shift
  "$1" span "${@:2}" > "$RUNS/$stage-span.log" 2>&1 &
  "$1" token "${@:2}" > "$RUNS/$stage-token.log" 2>&1 &
  wait
}

step_pretrain() { side_by_side pre pretrain; }

# The JFLEG tune pairs three times over and the synthetic mix; validation (early stopping) on
# the tune part's valid sentences.
finetune() {  # $1: copy mode (span|token), $2: the pretrained stage, $3: this stage
  $T train --train "$DATA/jfleg-tune-local" "$DATA/jfleg-tune-local" "$DATA/jfleg-tune-local" \
    "$DATA/synth-mix" \
    --valid "$DATA/jfleg-tune-local" --init "$RUNS/$2-$1" --copy-mode "$1" --out "$RUNS/$3-$1" \
    --lr 5e-4 --warmup 50 --epochs "${FT_EPOCHS:-8}" --patience 2 --save-every 100 --workers 1 \
    --threads 1 --log-every 20 --resume --no-progress
}

step_finetune() { side_by_side ft finetune pre ft; }

# More pretraining on new noise of the same sentences (synth-prose at this commit, seed 1: no
# pronoun swaps), then the same fine-tuning for one epoch (the best epoch above).
step_data2() {
  $T synth-prose --out "$DATA/synth-seed1" --seed 1 --no-progress
}

# $1: copy mode, $2: the data (a directory of DATA), $3: the stage continued, $4: this stage,
# $5: most steps
pretrain_more() {
  $T train --train "$DATA/$2" --valid "$DATA/jfleg-tune" --init "$RUNS/$3-$1" \
    --copy-mode "$1" --out "$RUNS/$4-$1" --lr 1e-3 --warmup 100 --epochs 1 \
    --max-steps "$5" --save-every 250 --workers 1 --threads 1 --log-every 50 \
    --resume --no-progress
}

step_pretrain2() { side_by_side pre2 pretrain_more synth-seed1 pre pre2 "${STEPS2:-1000}"; }
step_finetune2() { FT_EPOCHS=1 side_by_side ft2 finetune pre2 ft2; }

# A third pretraining, longer: one epoch of new noise of the same sentences (synth-prose at
# commit 0a8029e, seed 2, four noisy copies of each sentence: 400,008 pairs, 6,251 steps of 64;
# 68 min on one thread each with the two runs side by side; the first two pretrainings together
# saw 3,000 steps), then the same fine-tuning for one epoch.
step_data3() {
  $T synth-prose --out "$DATA/synth-seed2" --seed 2 --copies 4 --no-progress
}

step_pretrain3() { side_by_side pre3 pretrain_more synth-seed2 pre2 pre3 "${STEPS3:-8000}"; }
step_finetune3() { FT_EPOCHS=1 side_by_side ft3 finetune pre3 ft3; }

# The span-copy model of the third fine-tuning ships (validation loss 1.394 on the tune part's
# valid sentences, against 1.493 after the second; token copy 1.407), its weights stored as
# float16 (half the file; loaded as float32, the same GLEU on JFLEG dev's tune part); both copy
# modes are kept outside the repository for bench/prose.py.
step_ship() {
  rm -rf "$RUNS/span-final" "$RUNS/token-final"
  cp -r "$RUNS/ft3-span" "$RUNS/span-final"
  cp -r "$RUNS/ft3-token" "$RUNS/token-final"
  $T half --model "$RUNS/ft3-span" --out spancopy_core/pretrained/prose-en
  chmod 644 spancopy_core/pretrained/prose-en/*
}

# The lexicon of the spelling corrector (spancopy_core/repair/channel.py): the word lists of
# wamerican and wbritish (step packages), counted in the documentation's clean sentences, the
# names capitalised, and the pairs of adjacent words seen at least 3 times (--min-pair-count).
step_lexicon() {
  $T prose-lexicon --out spancopy_core/lang/data/english-words.tsv --no-progress
}

# The Java vocabulary the prose of Java comments keeps (spancopy_core/repair/prose.py
# java_words): the words of the JDK's identifiers the lexicon lacks, in 5 of its files or more
# (java.base of openjdk-17-source's lib/src.zip; apt-get install openjdk-17-source). After the
# lexicon, which it reads.
step_java_words() {
  $T java-words --out spancopy_core/lang/data/java-words.tsv --no-progress
}

# The figures of the model card (trainer/prose_eval.py; the held-out slice was run once, at
# the end, and chose nothing).
step_evaluate() {
  for run in pre-span pre-token ft-span ft-token ft2-span ft2-token ft3-span ft3-token; do
    for slice in tune heldout; do
      OMP_NUM_THREADS=1 $T evaluate --model "$RUNS/$run" --data "$SHARED/jfleg" --split dev \
        --slice "$slice" --beam 5 --no-progress --json "$RUNS/eval-$run-$slice-b5.json"
    done
  done
}

mkdir -p "$DATA" "$RUNS"
for step in "${@:-packages data pretrain finetune data2 pretrain2 finetune2 data3 pretrain3 finetune3 ship lexicon java_words evaluate}"; do
  for s in $step; do "step_$s"; done
done
