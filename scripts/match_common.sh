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
