#!/bin/bash
# Wall time from starting `switchyard --routes FILE` in a 120×40 tmux pane until its first frame is on
# the screen (the status line's opening message is visible), one line per run, in seconds.
#
#     bash Benchmarks/first-frame.sh .build/release/switchyard routes.json [RUNS] [--cpu]
#
# The screen is read every 10 ms, so a figure is late by up to that much plus tmux's own redraw.
# With --cpu, the app runs under /usr/bin/time, `q` is sent once the frame is on the screen, and each line
# also gives the process's CPU seconds (user + system: start-up, reading the file, building the app, the
# first frame and the quit), the steadier figure on a shared machine: `wall 1.234 cpu 0.567`.
set -u
bin=$1
file=$2
runs=${3:-5}
cpu=${4:-}
marker="goes through the router"
for run in $(seq "$runs"); do
    session="first-frame-$$-$run"
    times=""
    command="$bin --routes $file --no-animation"
    if [ "$cpu" = "--cpu" ]; then
        times=$(mktemp)
        command="/usr/bin/time -f '%U %S' -o $times $command"
    fi
    start=$(date +%s%N)
    tmux new-session -d -s "$session" -x 120 -y 40 "$command; sleep 60"
    shown=""
    while [ $(( $(date +%s%N) - start )) -lt 120000000000 ]; do
        if tmux capture-pane -p -t "$session" 2>/dev/null | grep -q "$marker"; then
            shown=$(date +%s%N)
            break
        fi
        sleep 0.01
    done
    used=""
    if [ -n "$times" ]; then
        tmux send-keys -t "$session" q
        for _ in $(seq 300); do
            [ -s "$times" ] && break
            sleep 0.1
        done
        used=$(awk '{ printf "%.2f", $1 + $2 }' "$times")
        rm -f "$times"
    fi
    tmux kill-session -t "$session" 2>/dev/null
    if [ -z "$shown" ]; then
        echo "no frame within 120 s"
    elif [ -n "$times" ]; then
        awk -v d=$(( shown - start )) -v c="$used" 'BEGIN { printf "wall %.3f cpu %s\n", d / 1e9, c }'
    else
        awk -v d=$(( shown - start )) 'BEGIN { printf "%.3f\n", d / 1e9 }'
    fi
done
