// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: CaseFile::load on arbitrary bytes. A case file is a document people send
// each other, so a damaged or hostile one must give a message naming the file, never a crash,
// and load() must not write to it (it opens read-only).
#include "casefile.h"
#include "fuzzsupport.h"

#include <QCoreApplication>

#include <cstdlib>

using namespace rankscope;

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    // Qt SQL needs an application object to find its driver plugins.
    static QCoreApplication app(*argc, *argv);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QString path = fuzz::scratchPath(QStringLiteral(".rscase"));
    if (!fuzz::writeScratch(path, data, size))
        return 0;
    const cases::CaseLoadResult r = cases::CaseFile::load(path);
    if (!r.ok && r.message.isEmpty())
        std::abort();
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly) || f.size() != qint64(size))
        std::abort(); // load() changed the file it was only to read
    return 0;
}
