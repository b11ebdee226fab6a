#!/bin/bash
# Wall time from starting `switchyard --routes FILE` in a 120×40 tmux pane until its first frame is on
# the screen (the status line's opening message is visible), one line per run, in seconds.
#
#     bash Benchmarks/first-frame.sh .build/release/switchyard routes.json [RUNS]
#
# The screen is read every 10 ms, so a figure is late by up to that much plus tmux's own redraw.
set -u
bin=$1
file=$2
runs=${3:-5}
marker="goes through the router"
for run in $(seq "$runs"); do
    session="first-frame-$$-$run"
    start=$(date +%s%N)
    tmux new-session -d -s "$session" -x 120 -y 40 "$bin --routes $file --no-animation; sleep 60"
    shown=""
    while [ $(( $(date +%s%N) - start )) -lt 120000000000 ]; do
        if tmux capture-pane -p -t "$session" 2>/dev/null | grep -q "$marker"; then
            shown=$(date +%s%N)
            break
        fi
        sleep 0.01
    done
    tmux kill-session -t "$session" 2>/dev/null
    if [ -n "$shown" ]; then
        awk -v d=$(( shown - start )) 'BEGIN { printf "%.3f\n", d / 1e9 }'
    else
        echo "no frame within 120 s"
    fi
done
