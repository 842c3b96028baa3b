// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "caseinputs.h"

#include "caselocator.h"

#include <QDir>
#include <QFileInfo>

using namespace Qt::StringLiterals;

namespace rankscope::cases {

QStringList CaseInputs::paths(const CaseData &data)
{
    QStringList out;
    const QStringList roots = CaseLocator::roots(data);
    for (const QString &root : roots) {
        QStringList files;
        bool nested = false;
        for (const CaseSource &s : data.sources) {
            if (s.root != root)
                continue;
            nested = nested || s.relativePath.contains(u'/');
            const QString file = QDir::cleanPath(root + u'/' + s.relativePath);
            if (QFileInfo(file).isFile())
                files.append(file);
        }
        if (nested) {
            if (QFileInfo(root).isDir())
                out.append(QDir::cleanPath(root));
        } else {
            out += files;
        }
    }
    return out;
}

QHash<QString, double> CaseInputs::clockOffsets(const CaseData &data)
{
    QHash<QString, double> out;
    for (const ClockOffset &c : data.clockOffsets)
        out.insert(c.node, c.seconds);
    return out;
}

} // namespace rankscope::cases
