#!/usr/bin/env bash
# `make slurm-check`: Scripts/slurm/sweep.sbatch and `make sweep-slurm` on a real Slurm cluster of
# one node, started on this machine in a temporary folder (its own munge key, slurm.conf, state,
# spool and logs; ports $SLURM_CHECK_PORT and the next one) and stopped at the end.
#
#   1. installs slurm-wlm and munge with apt-get when a command of theirs is missing;
#   2. starts munged, slurmctld and slurmd, each in the foreground of a background process whose
#      pid is kept, and waits for the node to be idle;
#   3. runs `simulate sweep --seeds 1...200` whole, then `make sweep-slurm SEEDS=1...200
#      SHARDS=4` (an array of 4 tasks, then `simulate merge`), and requires the merged folder to
#      be byte-identical to the whole run's (diff -r: lines.jsonl, shard.json, sweep.md, sweep.json),
#      and that merge refuses the other three shards without shard 2;
#   4. submits the array again, cancels task 2 while it runs, checks that it was cancelled before
#      writing its shard, resubmits index 2 alone, merges, and requires the same bytes again;
#   5. runs `simulate explore --moves 1 --domain steps` whole, then `make explore-slurm` of the
#      same in 3 tasks (sweep.sbatch with `explore`, then `simulate merge`), and requires the
#      merged exploration folder to be byte-identical to the whole run's. SLURM_CHECK_EXPLORE
#      (the explore flags) and SLURM_CHECK_EXPLORE_SHARDS (the tasks) run a larger one the same
#      way, for example SLURM_CHECK_EXPLORE="--moves 5 --domain steps" SLURM_CHECK_EXPLORE_SHARDS=4.
#
# Every daemon it started is stopped by its pid on the way out, failure or not (after cancelling
# any job still in the queue), and the temporary folder is removed (kept, with its logs, when
# SLURM_CHECK_KEEP=1). Needs root (apt-get, and slurmd runs jobs as root here).
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
simulate=$repo/.build/release/simulate
batch_script=$repo/Scripts/slurm/sweep.sbatch
seeds=1...200
shards=4
cancelled=2
ctld_port=${SLURM_CHECK_PORT:-16817}
slurmd_port=$((ctld_port + 1))
started=$(date +%s)

say() { echo "slurm-check [$(($(date +%s) - started)) s]: $*"; }
fail() { say "FAILED: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || fail "run it as root (apt-get, and slurmd running jobs as root): sudo make slurm-check"
[ -x "$simulate" ] || fail "$simulate is missing: swift build -c release --product simulate"

# 1. The packages: slurmctld, slurmd and the client commands (slurm-wlm), and munge.
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null ||
  ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge with apt-get"
  install=(env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends slurm-wlm munge)
  # The package lists may be missing or stale on a fresh machine: update them only then.
  "${install[@]}" >/dev/null || { apt-get update -q >/dev/null && "${install[@]}" >/dev/null; }
fi
say "$(slurmctld -V), munge $(munged -V | awk '{ print $1 }')"

# One cluster at a time: daemons of an earlier check that was killed before its trap ran (kill -9)
# would hold the ports. They are named, not killed: they are not this check's.
if leftovers=$(pgrep -a -f 'glance-slurm-check\.[A-Za-z0-9]+/(slurm\.conf|munge\.socket)'); then
  fail "daemons of an earlier slurm-check still run; stop them by pid first:"$'\n'"$leftovers"
fi

# 2. The cluster, in its own folder (munged wants execute permission for all on the folders above
# its socket, hence 0755). Each daemon runs in the foreground of a background process (its pid is
# $!), in a session of its own (setsid, which execs it; had it forked, the pid would be gone at
# once and the waits below would fail on it): a Ctrl-C reaches this script, which
# cancels the jobs before it stops the daemons, and not the daemons first.
work=$(mktemp -d "${TMPDIR:-/tmp}/glance-slurm-check.XXXXXX")
chmod 0755 "$work"
mkdir -p "$work/state" "$work/spool" "$work/log"
host=$(hostname -s)
munged_pid='' slurmctld_pid='' slurmd_pid=''

# The slurmstepd processes of this cluster (they hold its SLURM_CONF in their environment), and
# every process under one.
cluster_steps() {
  local pid
  for pid in $(pgrep -x slurmstepd); do
    if tr '\0' '\n' 2>/dev/null <"/proc/$pid/environ" | grep -qx "SLURM_CONF=$work/slurm.conf"; then echo "$pid"; fi
  done
}
descendants() {
  local pid
  for pid in $(pgrep -P "$1"); do echo "$pid"; descendants "$pid"; done
}

# Stops what the check started, by pid: first the jobs still queued (slurmstepd and the tasks it
# runs outlive slurmd), then slurmd, slurmctld and munged, each with SIGTERM and, after 10 s,
# SIGKILL. Then removes the folder.
stop_cluster() {
  local status=$? pid i
  trap - EXIT INT TERM
  set +e
  [ "$status" = 0 ] || say "exit status $status: stopping the cluster" >&2
  # Every client call is bounded: with the controller gone, squeue retries for a long time.
  local deadline=$((SECONDS + 20)) jobs
  if [ -n "$slurmctld_pid" ] && kill -0 "$slurmctld_pid" 2>/dev/null; then
    jobs=$(timeout 5 squeue -h -o %A | sort -u)
    # shellcheck disable=SC2086 # one job id a word
    [ -z "$jobs" ] || timeout 5 scancel $jobs
    while [ "$SECONDS" -lt "$deadline" ]; do
      [ -z "$(timeout 5 squeue -h -o %A 2>/dev/null)" ] && [ -z "$(cluster_steps)" ] && break
      sleep 0.2
    done
  fi
  for pid in $(cluster_steps); do
    say "killing slurmstepd $pid and the processes under it, still running after the cancel" >&2
    # shellcheck disable=SC2046 # one pid a word
    kill -KILL $(descendants "$pid") "$pid"
  done
  for pid in "$slurmd_pid" "$slurmctld_pid" "$munged_pid"; do
    if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then continue; fi
    kill -TERM "$pid"
    for i in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    wait "$pid" 2>/dev/null
  done
  if [ "$status" != 0 ]; then
    for log in "$work"/log/*; do
      [ -f "$log" ] && { echo "--- $log (last lines)"; tail -n 15 "$log"; }
    done >&2
  fi
  if [ "${SLURM_CHECK_KEEP:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

dd if=/dev/urandom of="$work/munge.key" bs=1024 count=1 status=none
chmod 0400 "$work/munge.key"
cat >"$work/slurm.conf" <<EOF
# Generated by Scripts/slurm/check.sh: a cluster of one node, this machine, for one check.
ClusterName=glancecheck
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
# No cgroups (containers rarely allow them): processes tracked by parentage, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
MailProg=/bin/true
# Cores are the consumable resource: two tasks of one core run at once.
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
ReturnToService=2
# sbatch --wait polls after 2 s, 8 s, then every 32 s, unless MinJobAge (how long a finished job's
# record stays) is under 4 s: then every 2 s, which keeps this check short.
MinJobAge=3
NodeName=$host CPUs=2 State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf

setsid munged --foreground --socket="$work/munge.socket" --key-file="$work/munge.key" \
  --pid-file="$work/munged.pid" --seed-file="$work/munged.seed" 2>"$work/log/munged.log" &
munged_pid=$!
for i in $(seq 50); do
  munge --socket="$work/munge.socket" --no-input >/dev/null 2>&1 && break
  kill -0 "$munged_pid" 2>/dev/null || fail "munged exited"
  sleep 0.1
done
setsid slurmctld -D -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
slurmctld_pid=$!
setsid slurmd -D -f "$SLURM_CONF" >"$work/log/slurmd.out" 2>&1 &
slurmd_pid=$!
say "munged $munged_pid, slurmctld $slurmctld_pid, slurmd $slurmd_pid on $host, ports $ctld_port and $slurmd_port; folder $work"

# 3. The sweep run whole (while the daemons start), then the same sweep as a 4-task array.
whole_status=0
"$simulate" sweep --seeds "$seeds" --jobs 2 --no-progress --out "$work/whole" >"$work/log/whole.out" || whole_status=$?
[ "$whole_status" -le 1 ] || fail "simulate sweep --seeds $seeds exited $whole_status: $(cat "$work/log/whole.out")"
name=$(basename "$(ls -d "$work"/whole/sweep-*)")
say "whole run: $(grep '^sweep:' "$work/log/whole.out"); $(grep '^verdict:' "$work/log/whole.out")"

for i in $(seq 150); do
  [ "$(sinfo -h -n "$host" -o %t 2>/dev/null)" = idle ] && break
  kill -0 "$slurmctld_pid" 2>/dev/null || fail "slurmctld exited"
  kill -0 "$slurmd_pid" 2>/dev/null || fail "slurmd exited"
  [ "$i" -lt 150 ] || fail "node $host not idle after 30 s: $(sinfo -h -N -o '%N %t %E' 2>&1)"
  sleep 0.2
done
say "node $host idle"

merged_status=0
"${MAKE:-make}" --no-print-directory -C "$repo" sweep-slurm SEEDS="$seeds" SHARDS="$shards" SLURM_CPUS=1 \
  SLURM_OUT="$work/make" >"$work/log/sweep-slurm.out" 2>&1 || merged_status=$?
sed 's/^/  | /' "$work/log/sweep-slurm.out"
# make exits 2 whatever the failing command's status: the verdicts are compared instead.
verdict=$(grep '^verdict:' "$work/log/whole.out")
if [ "$(grep '^verdict:' "$work/log/sweep-slurm.out" || true)" != "$verdict" ] ||
  [ $((merged_status == 0)) != $((whole_status == 0)) ]; then
  fail "make sweep-slurm exited $merged_status; simulate sweep run whole exited $whole_status ($verdict)"
fi
diff -r "$work/whole/$name" "$work/make/$name" || fail "the merged folder differs from the whole run's"
say "make sweep-slurm: $name merged from $shards array tasks is byte-identical to the whole run ($(cd "$work/whole/$name" && echo *))"
# A shard missing is refused, never merged into a smaller report.
others=()
for folder in "$work/make/shards/$name"-shard*of"$shards"; do
  [ "$folder" = "$work/make/shards/$name-shard${cancelled}of$shards" ] || others+=("$folder")
done
refused=0
"$simulate" merge "${others[@]}" --out "$work/refused" >"$work/log/refused.out" 2>&1 || refused=$?
[ "$refused" = 65 ] || fail "merge without shard $cancelled exited $refused, not 65: $(cat "$work/log/refused.out")"
say "merge without shard $cancelled/$shards refuses (exit 65): $(cat "$work/log/refused.out")"

# 4. The array again; task $cancelled cancelled while it runs, then resubmitted alone (it runs
# while the other tasks finish).
shards_dir=$work/cancel/shards
logs=$work/cancel/logs
mkdir -p "$shards_dir" "$logs"
submit=(sbatch --parsable --cpus-per-task=1 --output="$logs/%A_%a.out")
job=$("${submit[@]}" --array=1-"$shards" "$batch_script" "$simulate" "$shards_dir" "$seeds" "$shards")
job=${job%%;*}
for i in $(seq 300); do
  state=$(squeue -h -j "${job}_$cancelled" -o %T 2>/dev/null || true)
  [ "$state" = RUNNING ] && break
  [ "$i" -lt 300 ] || fail "task ${job}_$cancelled not running after 60 s (state '$state')"
  sleep 0.2
done
sleep 1 # into its seeds: the shard takes several seconds
scancel "${job}_$cancelled"
for i in $(seq 150); do
  [ -z "$(squeue -h -j "${job}_$cancelled" -o %i 2>/dev/null)" ] && break
  [ "$i" -lt 150 ] || fail "task ${job}_$cancelled still queued 30 s after scancel"
  sleep 0.2
done
# Its log shows the shard started and was cancelled (slurmstepd's line); it wrote no shard.json.
log=$logs/${job}_$cancelled.out
grep -q "shard $cancelled/$shards of seeds" "$log" || fail "task ${job}_$cancelled never started its shard: $(cat "$log")"
grep -q 'CANCELLED AT' "$log" || fail "task ${job}_$cancelled was not cancelled while running: $(cat "$log")"
shard_folder=$shards_dir/$name-shard${cancelled}of$shards
[ ! -e "$shard_folder/shard.json" ] || fail "the cancelled task wrote $shard_folder/shard.json"
say "task ${job}_$cancelled cancelled mid-run ($(grep -o 'CANCELLED AT [^ ]*' "$log"); $shard_folder $([ -e "$shard_folder" ] && echo 'holds no shard.json' || echo 'not written'))"

resubmitted=$("${submit[@]}" --wait --array="$cancelled" "$batch_script" "$simulate" "$shards_dir" "$seeds" "$shards")
resubmitted=${resubmitted%%;*}
for i in $(seq 600); do
  [ -z "$(squeue -h -j "$job" -o %i 2>/dev/null)" ] && break
  [ "$i" -lt 600 ] || fail "job $job still queued after 120 s"
  sleep 0.2
done
merged_status=0
"$simulate" merge "$shards_dir/$name"-shard*of"$shards" --out "$work/cancel" >"$work/log/merge.out" || merged_status=$?
[ "$merged_status" = "$whole_status" ] || fail "merge after the resubmission exited $merged_status: $(cat "$work/log/merge.out")"
diff -r "$work/whole/$name" "$work/cancel/$name" || fail "the merge after the resubmission differs from the whole run"
say "task $cancelled resubmitted alone (job ${resubmitted}_$cancelled); merged with the other three: byte-identical to the whole run"
# 5. An exploration through the same array job: its shards merged are the exploration run whole.
explore_flags=${SLURM_CHECK_EXPLORE:-"--moves 1 --domain steps"}
explore_shards=${SLURM_CHECK_EXPLORE_SHARDS:-3}
# shellcheck disable=SC2086 # the flags are words
"$simulate" explore $explore_flags --jobs 2 --out "$work/explore-whole" >"$work/log/explore-whole.out" ||
  fail "simulate explore $explore_flags exited $?: $(cat "$work/log/explore-whole.out")"
sed 's/^/  | /' "$work/log/explore-whole.out"
explored=$(basename "$(ls -d "$work"/explore-whole/explore-*)")
"${MAKE:-make}" --no-print-directory -C "$repo" explore-slurm SHARDS="$explore_shards" SLURM_CPUS=1 EXPLORE_FLAGS="$explore_flags" \
  SLURM_OUT="$work/explore" >"$work/log/explore-slurm.out" 2>&1 || fail "make explore-slurm failed: $(cat "$work/log/explore-slurm.out")"
sed 's/^/  | /' "$work/log/explore-slurm.out"
diff -r "$work/explore-whole/$explored" "$work/explore/$explored" || fail "the merged exploration differs from the whole run"
say "make explore-slurm: $explored merged from $explore_shards array tasks is byte-identical to the whole run ($(cd "$work/explore/$explored" && echo *))"
say "passed; the merged report's $(grep '^verdict:' "$work/log/merge.out")"
