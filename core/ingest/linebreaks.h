// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QByteArrayView>

#include <cstring>

namespace rankscope::ingest {

// Where lines end, for every reader of a log: the scan, the line index, the log view. A line
// ends at "\n", "\r\n" or a lone "\r": progress bars (tqdm, pip) and terminal captures overwrite
// a line with "\r", and a traceback written by another stream right after one starts mid-"line"
// otherwise; old Mac text has nothing else. One implementation, so that line N is the same line
// in a verdict, in the index and on screen.
//
// Push-driven over blocks of a stream. For each block, split() calls
//     piece(QByteArrayView content, qsizetype terminatorBytes, bool ends)
// with the bytes of the current line found in this block (terminator excluded), how many
// terminator bytes follow them in this block, and whether the line ends there. A "\r" at the
// end of a block is consumed but decided by the next block: a "\n" there completes "\r\n"
// (a piece with no content, one terminator byte, ends), anything else means the line ended at
// the "\r" (a piece with no content and no bytes that ends). At the end of the stream a line
// still open is the last line (see openLine()).
class LineBreaks
{
public:
    template<typename Piece>
    void split(QByteArrayView block, Piece &&piece)
    {
        const char *p = block.data();
        const char *const end = p + block.size();
        if (p == end)
            return;
        if (m_crPending) {
            m_crPending = false;
            m_open = false;
            if (*p == '\n') {
                piece(QByteArrayView(), 1, true);
                ++p;
            } else {
                piece(QByteArrayView(), 0, true);
            }
        }
        // The next "\r" in the block, searched once per block and again only after it is passed:
        // a file without any costs one memchr over the block.
        const char *cr = nullptr;
        bool crSearched = false;
        while (p < end) {
            const char *nl = static_cast<const char *>(std::memchr(p, '\n', size_t(end - p)));
            const char *stop = nl ? nl : end;
            if (!crSearched || (cr && cr < p)) {
                cr = static_cast<const char *>(std::memchr(p, '\r', size_t(end - p)));
                crSearched = true;
            }
            if (cr && cr < stop) {
                if (cr + 1 == end) { // decided by the next block
                    piece(QByteArrayView(p, cr - p), 1, false);
                    m_crPending = true;
                    m_open = true;
                    return;
                }
                const int terminator = cr[1] == '\n' ? 2 : 1;
                piece(QByteArrayView(p, cr - p), terminator, true);
                p = cr + terminator;
                m_open = false;
                continue;
            }
            if (nl) {
                piece(QByteArrayView(p, nl - p), 1, true);
                p = nl + 1;
                m_open = false;
            } else {
                piece(QByteArrayView(p, end - p), 0, false);
                m_open = true;
                p = end;
            }
        }
    }

    // Whether bytes were read since the last line end: the stream's last line, without a
    // newline (or ending in a lone "\r" that no block came to decide).
    bool openLine() const { return m_open; }
    // Whether the stream's last byte was a "\r" (the last line ended there).
    bool crPending() const { return m_crPending; }

private:
    bool m_crPending = false;
    bool m_open = false;
};

} // namespace rankscope::ingest
