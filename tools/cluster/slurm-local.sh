#!/usr/bin/env bash
# A one-node Slurm on this machine, for testing the kit's Slurm scripts:
#   tools/cluster/slurm-local.sh start DIR   writes DIR/slurm.conf, starts munged, slurmctld and slurmd
#   tools/cluster/slurm-local.sh stop DIR    stops them
# Every file it writes is under DIR; export SLURM_CONF=DIR/slurm.conf to talk to it.
# Needs Debian's slurm-wlm and munge (make test-slurm installs them) and root.
set -euo pipefail
action=${1:?start or stop}; dir=$(realpath -m "${2:?a folder}")
case "$action" in
start)
  mkdir -p "$dir"/{state,spool,log,munge,run}
  host=$(hostname -s)
  cpus=$(nproc)
  mem=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))
  cat > "$dir/slurm.conf" <<CONF
ClusterName=kit
SlurmctldHost=$host
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=kit Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  # munge: a key of its own, its socket in DIR.
  if [ ! -f "$dir/munge/munge.key" ]; then
    dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chmod 400 "$dir/munge/munge.key"
  fi
  chmod 700 "$dir/munge"
  munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
    --pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/munge.seed"
  # Slurm finds that socket through its AuthInfo.
  sed -i "s#^AuthType=auth/munge#AuthType=auth/munge\nAuthInfo=socket=$dir/munge/munge.socket#" "$dir/slurm.conf"
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -f "$SLURM_CONF"
  slurmd -f "$SLURM_CONF"
  for _ in $(seq 1 60); do
    if sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then echo "slurm up: $(sinfo -h -o '%P %D %t')"; exit 0; fi
    sleep 1
  done
  echo "slurm did not come up; logs in $dir/log" >&2
  exit 1
  ;;
stop)
  for pid in "$dir/run/slurmd.pid" "$dir/run/slurmctld.pid" "$dir/munge/munged.pid"; do
    [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true
  done
  ;;
*) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
