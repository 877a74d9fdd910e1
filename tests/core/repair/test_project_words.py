"""The words of a Java text's identifiers that prose mode keeps as written (the server's open
Java files, the Java files of ``spancopy repair DIR``): whole and split at capitals and
underscores, in lower case, of two letters or more, only those the lexicon lacks; comments and
strings are not identifiers."""

from __future__ import annotations

from spancopy_core.repair.prose import project_words


def test_identifiers_are_split_and_english_words_left_out():
    java = (
        "class HTTPServer {\n"
        "    int recvBufSize = MAX_HDR_LEN;  // wrng\n"
        '    String s = "teh";\n'
        "    void parseXmlXyzzy2(int i) { return; }\n"
        "}\n"
    )
    # HTTP Server, recv Buf Size, MAX HDR LEN, parse Xml Xyzzy: http, server, buf, size, max,
    # len, parse and xml are English (the shipped lexicon has them); i is one letter; the
    # whole names, in lower case, are the project's too
    assert project_words(java) == {
        "recv",
        "hdr",
        "xyzzy",
        "httpserver",
        "recvbufsize",
        "max_hdr_len",
        "parsexmlxyzzy2",
    }


def test_no_identifiers():
    assert project_words('// recv hdr\n/* xyzzy */ "recv"') == frozenset()
