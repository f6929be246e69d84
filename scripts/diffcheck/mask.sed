# Nondeterministic parts of the output, masked before diffing (sed -E).
# dates and times: "23 Nov 15:41", "23 Nov 2025 15:41", ISO timestamps, "2026-11-23"
s/[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]+)?)?(Z|[+-][0-9]{2}:?[0-9]{2})?)?/<DATE>/g
s/\b[0-9]{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)( [0-9]{4})?( [0-9]{2}:[0-9]{2}(:[0-9]{2})?)?/<DATE>/g
# durations (verify's time column, elapsed times): 12ms, 1.5s, 830µs, 1m2s
s/\b([0-9]+h)?([0-9]+m)?[0-9]+(\.[0-9]+)?(ns|µs|us|ms|s)\b/<DUR>/g
# the random seed of a test file made without --seed
s/--seed [0-9]+ --output out.txt/--seed <SEED> --output out.txt/
# verify's table pads the time column to a fixed width: the padding follows the duration
s/ +<DUR>/ <DUR>/g
# the progress plot's x axis is the time of each answer, so its bytes change run to run
s/(progress\.png sha256 )[0-9a-f]+/\1<TIME-DEPENDENT PLOT>/
# random game ids (12 URL-safe characters)
s/Game [A-Za-z0-9_-]{12} \(/Game <GAMEID> (/g
s/"id": ?"[A-Za-z0-9_-]{12}"/"id": "<GAMEID>"/g
