#!/usr/bin/env bash
# The GitHub Action's second step (action.yml): runs `shipyard <args>`, the secrets given to the
# action passed in environment variables that the command names, never as arguments.
#
# SHIPYARD_ACTION_ARGS: the words after `shipyard`, split as xargs splits them (blanks and line
#   breaks between words, quotes and backslashes as in a shell; no variables, globs or command
#   substitution: nothing in them is run).
# SHIPYARD_ACTION_EXECUTABLE: the shipyard to run (install.sh's output), else `shipyard` on PATH.
# The inputs, each added to the command when it is set and if the subcommand takes the option
# (its --help names it), else an error:
#   SHIPYARD_P12_BASE64      --p12-base64-env SHIPYARD_P12_BASE64
#   SHIPYARD_P12_PASSWORD    --p12-password-env SHIPYARD_P12_PASSWORD
#   SHIPYARD_API_KEY_BASE64  --key-base64-env SHIPYARD_API_KEY_BASE64
#   SHIPYARD_API_KEY_ID      --key-id <its value>    (identifiers, not secrets: shipyard
#   SHIPYARD_API_ISSUER      --issuer <its value>     takes them as values)
# This script never expands a secret's value, only tests whether it is set (${VAR:+set}): no
# command, not even a builtin, is given one (a test runs it under bash -x to check).
set -euo pipefail

fail() {
  echo "shipyard action: $*" >&2
  exit 64
}

args=${SHIPYARD_ACTION_ARGS-}
[[ $args =~ [^[:space:]] ]] \
  || fail "the input args is empty: give the words after shipyard, such as:" \
    "dmg build MyApp.app -o dist/"
split=$(printf '%s\n' "$args" | xargs printf '[%s]\n') \
  || fail "cannot split the input args into words (an unmatched quote?): $args"
words=()
while IFS= read -r line; do words+=("${line:1:${#line}-2}"); done <<<"$split"
shipyard=${SHIPYARD_ACTION_EXECUTABLE:-shipyard}

help_read=""
help=""
# Whether the subcommand (the first two words) names the option $1 in its --help.
takes() {
  if [ -z "$help_read" ]; then
    help_read=yes
    if [ ${#words[@]} -ge 2 ] && [[ ${words[0]} != -* && ${words[1]} != -* ]]; then
      help=$("$shipyard" "${words[0]}" "${words[1]}" --help 2>/dev/null) || help=""
    fi
  fi
  grep -Eq -- "(^|[^-[:alnum:]])$1([^-[:alnum:]]|\$)" <<<"$help"
}

extra=()
# Adds `$3 $4` to the command for the input $1, held in the variable $2, when that is set.
add_option() {
  local input=$1 variable=$2 flag=$3 value=$4 word
  if [ -z "${!variable:+set}" ]; then
    unset "$variable"
    return 0
  fi
  for word in "${words[@]}"; do
    case "$word" in
    "$flag" | "$flag="*)
      fail "the input $input and $flag in args name the same option: leave one out"
      ;;
    esac
  done
  takes "$flag" \
    || fail "shipyard ${words[*]:0:2} takes no $flag: leave the input $input empty for this command"
  extra+=("$flag" "$value")
}

add_option p12-base64 SHIPYARD_P12_BASE64 --p12-base64-env SHIPYARD_P12_BASE64
add_option p12-password SHIPYARD_P12_PASSWORD --p12-password-env SHIPYARD_P12_PASSWORD
add_option api-key-base64 SHIPYARD_API_KEY_BASE64 --key-base64-env SHIPYARD_API_KEY_BASE64
add_option api-key-id SHIPYARD_API_KEY_ID --key-id "${SHIPYARD_API_KEY_ID-}"
add_option api-issuer SHIPYARD_API_ISSUER --issuer "${SHIPYARD_API_ISSUER-}"

exec "$shipyard" "${words[@]}" ${extra[@]+"${extra[@]}"}
