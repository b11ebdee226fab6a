#!/usr/bin/env bash
# Fails (exit 1) when Sources/ or Demo/ contain a construct that traps at run time:
#   try!  fatalError(  precondition(  preconditionFailure(  assertionFailure(
#   a force unwrap or force cast: a postfix `!` right after an identifier, `)`, `]` or `?`... that is
#   not the start of `!=` (so `x!`, `f()!`, `a[i]!`, `x as! T`, and `T!` implicitly unwrapped types).
# Comments and string literals (including multi-line and raw strings) are ignored.
# Escape hatch: a line that contains `// trap-ok: <reason>` is not reported.
#
#   Scripts/check-traps.sh [DIR …]      (default: Sources Demo, relative to the repository root)
#
# Prints one line per hit, `path:line: what: source line`, then a count. Exit 0 when there is none.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
if [ $# -eq 0 ]; then set -- Sources Demo; fi

files=$(find "$@" -type f -name '*.swift' 2>/dev/null | LC_ALL=C sort)
if [ -z "$files" ]; then
  echo "check-traps: no Swift files under $*"
  exit 0
fi

# shellcheck disable=SC2086
perl -CSD -e '
use strict; use warnings;
my $hits = 0;
for my $path (@ARGV) {
  open(my $fh, "<:encoding(UTF-8)", $path) or die "$path: $!";
  my @lines = <$fh>;
  close $fh;
  # Blank out comments and string contents, keeping line structure and columns.
  my $src = join("", @lines);
  my $out = "";
  my $n = length($src);
  my $i = 0;
  my $block = 0;           # nesting depth of /* */ comments
  my @str;                 # stack of open strings: [hashes, multiline, interpolation depth]
  while ($i < $n) {
    my $c = substr($src, $i, 1);
    my $two = substr($src, $i, 2);
    if ($block > 0) {
      if ($two eq "/*") { $block++; $out .= "  "; $i += 2; next; }
      if ($two eq "*/") { $block--; $out .= "  "; $i += 2; next; }
      $out .= ($c eq "\n" ? "\n" : " "); $i++; next;
    }
    if (@str && $str[-1][2] == 0) {
      # Inside a string literal.
      my ($hashes, $multi) = @{$str[-1]};
      my $close = ($multi ? "\"\"\"" : "\"") . ("#" x $hashes);
      if (substr($src, $i, length($close)) eq $close) {
        pop @str; $out .= (" " x length($close)); $i += length($close); next;
      }
      my $esc = "\\" . ("#" x $hashes);
      if (substr($src, $i, length($esc)) eq $esc) {
        my $after = substr($src, $i + length($esc), 1);
        if ($after eq "(") { $str[-1][2] = 1; $out .= (" " x length($esc)) . "("; $i += length($esc) + 1; next; }
        $out .= (" " x (length($esc) + 1)); $i += length($esc) + 1; next;
      }
      $out .= ($c eq "\n" ? "\n" : " "); $i++; next;
    }
    if (@str && $str[-1][2] > 0) {
      # Inside an interpolation: code, with parentheses counted.
      if ($c eq "(") { $str[-1][2]++; }
      elsif ($c eq ")") { $str[-1][2]--; if ($str[-1][2] == 0) { $out .= " "; $i++; next; } }
    }
    if ($two eq "//") {
      # Line comment: keep the trap-ok marker, blank the rest.
      my $end = index($src, "\n", $i); $end = $n if $end < 0;
      my $text = substr($src, $i, $end - $i);
      $out .= ($text =~ /\/\/\s*trap-ok:/ ? "//TRAPOK" . (" " x (length($text) - 8)) : (" " x length($text)));
      $i = $end; next;
    }
    if ($two eq "/*") { $block = 1; $out .= "  "; $i += 2; next; }
    if ($c eq "#" || $c eq "\"") {
      my $j = $i; my $hashes = 0;
      while ($j < $n && substr($src, $j, 1) eq "#") { $hashes++; $j++; }
      if ($j < $n && substr($src, $j, 1) eq "\"") {
        my $multi = substr($src, $j, 3) eq "\"\"\"" ? 1 : 0;
        my $open = $hashes + ($multi ? 3 : 1);
        push @str, [$hashes, $multi, 0];
        $out .= (" " x $open); $i += $open; next;
      }
    }
    $out .= $c; $i++;
  }
  my @code = split(/\n/, $out, -1);
  for my $k (0 .. $#code) {
    my $line = $code[$k];
    next if $line =~ /\/\/TRAPOK/;
    my @what;
    push @what, "try!" if $line =~ /\btry!/;
    for my $f (qw(fatalError precondition preconditionFailure assertionFailure)) {
      push @what, "$f(" if $line =~ /\b\Q$f\E\s*\(/;
    }
    my $probe = $line;
    $probe =~ s/\btry!//g;
    if ($probe =~ /\bas!/) { push @what, "force cast (as!)"; $probe =~ s/\bas!//g; }
    push @what, "force unwrap (!)" if $probe =~ /[A-Za-z0-9_)\]]!(?!=)/;
    next unless @what;
    $hits++;
    my $orig = $lines[$k] // ""; chomp $orig; $orig =~ s/^\s+//;
    printf "%s:%d: %s: %s\n", $path, $k + 1, join(", ", @what), $orig;
  }
}
print "check-traps: $hits hit(s)\n";
exit($hits > 0 ? 1 : 0);
' $files
