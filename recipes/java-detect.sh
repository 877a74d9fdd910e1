#!/usr/bin/env bash
# The detection head of the shipped Java model (issue 24, "Confidence that means something"):
# P(the focused line / the method needs a change), a small classifier on the model's FROZEN
# encoder (spancopy_core/paper/detection.py, trainer/detect.py), calibrated on real requests; the
# shares shown, the automatic lightbulb, diagnostics and spancopy repair DIR all read the one
# calibrated score (runner.judged, runner.confident). Run from the repository root:
#
#   recipes/java-detect.sh [STEP...]     steps: data head tune ship report (the default: all)
#
# DATA, RUNS and SHARED as in recipes/java-bfp.sh. One CPU thread. The model's weights are not
# changed: the head is written beside them (detector.json, detector.safetensors).
set -euo pipefail
SHARED=${SHARED:-../shared/data}
DATA=${DATA:-../data}
RUNS=${RUNS:-../runs}
MODEL=${MODEL:-spancopy_core/pretrained/java-bfp}
T="python -m trainer"
export OMP_NUM_THREADS=1

# Bug/fix pairs, none of a held-out file or project: the user-like bugs of the java-algorithms
# train files and BFP train (recipes/java-calibrate.sh's data step makes both: the same split
# by file, seed 1, whose test files bench/false_alarms.py reports on and whose valid files it
# tunes on), and the real edits of ManySStuBs4J and CodRep minus every project of the real-bug
# dev and test slices (import-edits leaves them out).
step_data() {
  [ -d "$DATA/algo-user/small" ] || recipes/java-calibrate.sh data
  $T import-edits "$SHARED/java-edits/manysstubs4j.jsonl" "$SHARED/java-edits/codrep.jsonl" \
    --out "$DATA/detect/edits"
}

# Features of every example (train splits; at most LIMIT pairs of each directory, seeded),
# cached in $DATA/detect/cache (computed on a GPU where there is one: --device auto), then the
# head fitted in seconds; written beside a copy of the
# model so that the benchmark reads the two together.
step_head() {
  mkdir -p "$RUNS/detect-model"
  cp "$MODEL"/config.json "$MODEL"/vocab.json "$MODEL"/model.safetensors "$RUNS/detect-model/"
  $T detect --model "$MODEL" --out "$RUNS/detect-model" --cache "$DATA/detect/cache" \
    --data "$DATA/algo-user/small" "$DATA/algo-user/medium" "$DATA/bfp-small" \
    "$DATA/bfp-medium" "$DATA/detect/edits/small" "$DATA/detect/edits/medium" \
    --limit "${LIMIT:-6000}" --hidden 64 --epochs 15 --no-progress "$@"
}

# The calibration and the rules, on the tune part (synth's valid files of java-algorithms, one
# half of the real-bug dev records): bench/false_alarms.py --calibrate fits the Platt map of each
# kind (the probability that the list shown holds the fix), chooses the least first share of the
# automatic lightbulb (<= 3% of clean lines, >= 4x as often at bug lines) and of diagnostics
# (<= 1.5% of clean methods, >= 3x) on the calibrated shares, and writes them into the head's
# detector.json (the shipped one: 250 clean lines, 120 bug lines, 100 clean and 109 buggy
# methods; MODEL_CARD.md "One calibrated score"). Its dump is kept for the record.
step_tune() {
  python bench/false_alarms.py --model "$RUNS/detect-model" --part tune --lines 250 \
    --methods 100 --bugs 120 --calibrate --dump "$RUNS/detect-tune.json"
}

# The calibrated head written beside the shipped model. (The shipped weights are those of the
# head step's run of the first wave, whose initial weights were not yet seeded (trainer detect
# seeds them now): a rerun fits a head of the same recipe, not these exact weights.)
step_ship() {
  cp "$RUNS/detect-model"/detector.json "$RUNS/detect-model"/detector.safetensors "$MODEL/"
}

# Once, after the choice: the held-out test files and the other half of the dev records.
step_report() {
  python bench/false_alarms.py --model "$MODEL" --part report --lines 250 --methods 100 \
    --bugs 120
}

for step in "${@:-data head tune ship report}"; do
  for s in $step; do "step_$s"; done
done
