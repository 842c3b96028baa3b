// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "outfile.h"

#include <QByteArray>

namespace rankscope::sim {

// Where one stream of one process goes: a file plus the prefixes the collection path adds in
// front of every physical line (Slurm `--label`, MPI `--tag-output`, torchrun `--tee`, the
// kubectl timestamp). Writers call begin(), append the line, then end().
class LineSink
{
public:
    enum class Stamp { None, Kubectl };

    LineSink() = default;
    LineSink(OutFile *file, QByteArray prefix, Stamp stamp = Stamp::None, qint64 skewUs = 0)
        : m_file(file)
        , m_prefix(std::move(prefix))
        , m_stamp(stamp)
        , m_skewUs(skewUs)
    { }

    bool isValid() const { return m_file != nullptr; }
    OutFile &begin(qint64 trueUs);
    qint64 end() { return m_file->endLine(); }
    // A whole line of text in one call.
    qint64 line(qint64 trueUs, std::string_view text)
    {
        begin(trueUs) << text;
        return end();
    }
    OutFile *file() const { return m_file; }
    const QByteArray &prefix() const { return m_prefix; }

private:
    OutFile *m_file = nullptr;
    QByteArray m_prefix;
    Stamp m_stamp = Stamp::None;
    qint64 m_skewUs = 0;
};

} // namespace rankscope::sim
