// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "outfile.h"
#include "writequeue.h"

#include <QSet>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

namespace rankscope::sim {

// Owns the files of a bundle under one root folder: creates folders on demand, opens OutFiles,
// and keeps the list of written files with their sizes. Only a bounded number of files is open
// at a time; the layout closes a group's files before opening the next group's.
class BundleWriter
{
public:
    explicit BundleWriter(QString root);
    ~BundleWriter();

    OutFile *open(const QString &rel, bool crlf = false, double truncateKeep = -1.0);
    bool close(OutFile *file);
    bool writeWhole(const QString &rel, const QByteArray &content);
    void closeAll();
    // Closes everything and waits for the writer thread; false (and error()) when a write failed.
    bool finish();

    const QString &root() const { return m_root; }
    QStringList files() const;
    qint64 bytes() const { return m_bytes; }
    qint64 lines() const { return m_lines; }
    const QString &error() const { return m_error; }

private:
    bool makeParent(const QString &rel);

    QString m_root;
    QString m_error;
    QSet<QString> m_dirs; // folders already created; lookups only, never iterated
    QStringList m_files;
    std::vector<std::unique_ptr<OutFile>> m_open;
    WriteQueue m_queue;
    qint64 m_bytes = 0;
    qint64 m_lines = 0;
};

} // namespace rankscope::sim
