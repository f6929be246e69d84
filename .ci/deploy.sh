#!/usr/bin/env bash
# The deploy files, checked as an operator uses them (run by .ci/run, as
# root, on Debian 12):
#
# 1. deploy/README.md's systemd install block, run as written except that
#    every path under /etc and /usr/local goes into a throwaway root
#    directory ($ROOT), useradd writes that root's /etc/passwd (--prefix),
#    `systemctl` is skipped (systemd does not run here) and `nginx -t`
#    tests the nginx configuration installed there;
# 2. systemd-analyze verify on the installed units;
# 3. the units' ExecStartPre checks: with the example environment file
#    they refuse to start and name the setting, filled in they pass;
# 4. compose.yaml: it parses, reads .env beside itself, and has no
#    default password (every secret is ${VAR:?message});
# 5. every deploy/… path the deploy files name exists.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "deploy: $*" >&2; exit 1; }

ROOT=$(mktemp -d /tmp/nimtutor-deploy.XXXXXX)
trap 'rm -rf "$ROOT" nimtutor' EXIT

echo "-- the install block of deploy/README.md, in $ROOT"
block=$(awk '/<!-- .ci\/deploy.sh runs this block/ {f=1; next}
             f && /^```sh/ {inb=1; next}
             inb && /^```/ {exit}
             inb {print}' deploy/README.md)
[ -n "$block" ] || fail "deploy/README.md has no block marked for .ci/deploy.sh"

# The throwaway root: what Debian has there before the block runs.
mkdir -p "$ROOT/etc/systemd/system" "$ROOT/usr/lib/systemd" "$ROOT/usr/bin"
cp /etc/passwd /etc/group /etc/shadow /etc/gshadow /etc/login.defs "$ROOT/etc/"
cp -a /usr/lib/systemd/system "$ROOT/usr/lib/systemd/"
cp /bin/sh "$ROOT/usr/bin/sh" && ln -s usr/bin "$ROOT/bin"
grep -q '^apt-get install .*nginx' <<<"$block" || fail "the block does not install nginx"

script=""
while IFS= read -r line; do
  case "$line" in
    "" | "#"*) continue ;;
    systemctl*) line=": skipped, systemd does not run here: $line" ;;
    useradd*) line="useradd --prefix \"\$ROOT\" ${line#useradd }" ;;
    "apt-get update"*) line="$line -qq" ;;
    "apt-get install"*)
      # Installed on this machine; then Debian's nginx configuration is
      # copied into $ROOT, its includes pointing there.
      line="DEBIAN_FRONTEND=noninteractive $line >/dev/null"$'\n'
      line+='cp -a /etc/nginx "$ROOT/etc/nginx" && sed -i "s#/etc/nginx#$ROOT/etc/nginx#g" "$ROOT/etc/nginx/nginx.conf"' ;;
    "nginx -t") line='nginx -t -c "$ROOT/etc/nginx/nginx.conf"' ;;
    *) line=$(sed -E 's#(^| )/(etc|usr/local)/#\1"$ROOT"/\2/#g' <<<"$line") ;;
  esac
  script+="$line"$'\n'
done <<<"$block"
ROOT="$ROOT" bash -euxc "$script"

echo "-- what the block installed"
test -x "$ROOT/usr/local/bin/nimtutor" || fail "no $ROOT/usr/local/bin/nimtutor"
"$ROOT/usr/local/bin/nimtutor" help >/dev/null || fail "the installed nimtutor does not run"
grep -q '^nimtutor:.*:/var/lib/nimtutor:/usr/sbin/nologin$' "$ROOT/etc/passwd" || fail "no system user nimtutor"
[ "$(stat -c %a "$ROOT/etc/nimtutor/nimtutor.env")" = 600 ] || fail "the environment file is not mode 600"
test -f "$ROOT/etc/nginx/conf.d/nimtutor-site.conf" || fail "the nginx site is not installed"
test ! -e "$ROOT/etc/nginx/sites-enabled/default" || fail "Debian's default site is still enabled"

echo "-- systemd-analyze verify"
out=$(systemd-analyze verify --root="$ROOT" nimtutor-http@8081.service nimtutor-gateway@0-1.service 2>&1) ||
  { echo "$out"; fail "systemd-analyze verify failed"; }
[ -z "$out" ] || { echo "$out"; fail "systemd-analyze verify complained"; }

echo "-- the units refuse to start without their settings"
for unit in "$ROOT"/etc/systemd/system/nimtutor-*.service; do
  checks=$(grep '^ExecStartPre=' "$unit" | wc -l)
  [ "$checks" -ge 2 ] || fail "$unit has $checks ExecStartPre checks, want DATABASE_URL's and NIMTUTOR_SECRET's"
  filled="$ROOT/filled.env"
  { cat "$ROOT/etc/nimtutor/nimtutor.env"
    echo "DATABASE_URL=postgres://nimtutor:secret@127.0.0.1:5432/nimtutor"
    echo "NIMTUTOR_SECRET=0123456789abcdef"; } >"$filled"
  while IFS= read -r pre; do
    # systemd: /bin/sh -c '…' with $$ for a literal $.
    cmd=${pre#ExecStartPre=/bin/sh -c \'}
    cmd=${cmd%\'}
    cmd=${cmd//\$\$/\$}
    if msg=$(env -i bash -c 'set -a; . "$1"; set +a; exec /bin/sh -c "$2"' _ "$ROOT/etc/nimtutor/nimtutor.env" "$cmd" 2>&1); then
      fail "$(basename "$unit"): '$pre' lets the example environment file through"
    fi
    grep -q 'set [A-Z_]* in /etc/nimtutor/nimtutor.env' <<<"$msg" || fail "$(basename "$unit"): the refusal does not say what to set: $msg"
    echo "  $(basename "$unit") refuses: $msg"
    env -i bash -c 'set -a; . "$1"; set +a; exec /bin/sh -c "$2"' _ "$filled" "$cmd" ||
      fail "$(basename "$unit"): '$pre' refuses a filled-in environment file"
  done < <(grep '^ExecStartPre=' "$unit")
done

echo "-- compose.yaml"
if ! python3 -c 'import yaml' 2>/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-yaml >/dev/null
fi
python3 - deploy/compose.yaml <<'EOF'
import os, re, sys, yaml
path = sys.argv[1]
text = open(path).read()
doc = yaml.safe_load(text)
app = doc["services"]["nimtutor"]
env_file = app["env_file"]
# Compose resolves env_file against the compose file's directory, and reads
# the .env of that directory for ${…}: both are deploy/.env.
if os.path.normpath(os.path.join(os.path.dirname(path), env_file)) != os.path.normpath("deploy/.env"):
    sys.exit(f"compose.yaml: env_file {env_file} is not deploy/.env, where its comment says")
defaults = re.findall(r"\$\{([A-Z_]+):?-[^}]*\}", text)
secret_defaults = [v for v in defaults if "PASSWORD" in v or "SECRET" in v]
if secret_defaults:
    sys.exit(f"compose.yaml: {secret_defaults} have defaults")
for var in ("POSTGRES_PASSWORD", "NIMTUTOR_SECRET"):
    required = re.findall(r"\$\{" + var + r":\?([^}]*)\}", text)
    if not required or any(f"set {var}" not in m for m in required):
        sys.exit(f"compose.yaml: {var} is not required with a message saying to set it")
    uses = re.findall(r"\$\{" + var + r"\b", text)
    if len(uses) != len(required):
        sys.exit(f"compose.yaml: {var} is used without :? somewhere")
print("  compose.yaml: env_file deploy/.env, POSTGRES_PASSWORD and NIMTUTOR_SECRET required, no secret defaults")
EOF

echo "-- every deploy/ path the deploy files name exists (but deploy/.env, which the operator makes)"
for f in deploy/README.md deploy/compose.yaml deploy/Dockerfile deploy/nginx/* deploy/systemd/* deploy/nimtutor.env.example; do
  for p in $(grep -o 'deploy/[A-Za-z0-9_.@/-]*[A-Za-z0-9_@-]' "$f" | sort -u); do
    [ "$p" = deploy/.env ] && continue # the operator's own settings, made by the steps
    [ -e "$p" ] || fail "$f names $p, which does not exist"
  done
done
echo "deploy: ok"
