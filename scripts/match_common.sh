# Shared by the match scripts (sourced, not run); they set `root` (the
# repository) first.

# build_working_tree DEST: builds the working tree's motley and copies it to
# DEST, so that the tree can be rebuilt while a match runs.
build_working_tree() {
    echo "building the working tree" >&2
    cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin motley
    mkdir -p "$(dirname "$1")"
    cp "$root/target/release/motley" "$1"
}

# default FLAG VALUE...: appends FLAG and its values to the array `extra`
# unless FLAG is among the options the user gave, which the caller keeps in
# `given` (" $* ").
default() {
    local flag=$1
    shift
    case "$given" in
        *" $flag "*) ;;
        *) extra+=("$flag" "$@") ;;
    esac
}

# count_openings FILE: the number of openings in FILE (lines that are
# neither empty nor comments).
count_openings() {
    grep -cv '^\s*\(#\|$\)' "$1" || true
}

# The adjudication of fixed-node games between versions of motley: a draw
# after 400 plies, a loss when both engines see 10 pawns against one side
# for 3 moves, a draw when both see less than 0.1 pawn for 8 moves after
# move 60. The flags live in self_play_adjudication.args, one line, which
# scripts/spsa.py reads too.
read -ra self_play_adjudication <"$root/scripts/self_play_adjudication.args"
