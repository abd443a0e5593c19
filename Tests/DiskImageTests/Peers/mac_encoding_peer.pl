#!/usr/bin/perl
# Decodes bytes with Perl's Encode (Apple's mappings of Mac OS Hebrew, Thai, ...).
#
# usage: mac_encoding_peer.pl <encoding> <hex bytes>... ; prints, a line per argument, the
# decoded text as hex UTF-8, or "-" when a byte has no mapping.
#
# Bytes below 0x80 are read as ASCII, as Apple's tables map them: Encode's MacHebrew keeps only
# the right-to-left twins of ASCII punctuation (0xA0-0xBF, 0xFB-0xFF) and leaves the
# left-to-right originals (0x20-0x3F, brackets, braces) unmapped, so only the upper half is
# asked of Encode.
use strict;
use warnings;
use Encode qw(decode encode);

my $encoding = shift @ARGV;
die "unknown encoding $encoding\n" unless Encode::find_encoding($encoding);
for my $hex (@ARGV) {
    my $text = "";
    for my $run (pack("H*", $hex) =~ /([\x00-\x7F]+|[\x80-\xFF]+)/g) {
        my $part = $run =~ /^[\x00-\x7F]/ ? $run : eval { decode($encoding, $run, Encode::FB_CROAK) };
        unless (defined $part) { $text = undef; last }
        $text .= $part;
    }
    print defined $text ? unpack("H*", encode("UTF-8", $text)) : "-", "\n";
}
