# Shared by the match scripts (sourced, not run): `default FLAG VALUE...`
# appends FLAG and its values to the array `extra` unless FLAG is among the
# options the user gave, which the caller keeps in `given` (" $* ").
default() {
    local flag=$1
    shift
    case "$given" in
        *" $flag "*) ;;
        *) extra+=("$flag" "$@") ;;
    esac
}
