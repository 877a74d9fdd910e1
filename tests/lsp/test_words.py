"""The words of a Java text's identifiers that prose mode keeps as written: split at capitals,
underscores and digits, in lower case, only those the lexicon lacks; comments, strings and
keywords are not identifiers."""

from __future__ import annotations

from lsp_server.words import identifier_words


def test_identifiers_are_split_and_english_words_left_out():
    java = (
        "class HTTPServer {\n"
        "    int recvBufSize = MAX_HDR_LEN;  // wrng\n"
        '    String s = "teh";\n'
        "    void parseXmlXyzzy2(int i) { return; }\n"
        "}\n"
    )
    # HTTP Server, recv Buf Size, MAX HDR LEN, parse Xml Xyzzy: http, server, buf, size, max,
    # len, parse and xml are English (the shipped lexicon has them); i is one letter
    assert identifier_words(java) == {"recv", "hdr", "xyzzy"}


def test_no_identifiers():
    assert identifier_words('// recv hdr\n/* xyzzy */ "recv"') == frozenset()
