// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "caseinputs.h"

#include "caselocator.h"

#include <QDir>
#include <QFileInfo>

#include <algorithm>

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

ingest::ManualCorrections CaseInputs::corrections(const CaseData &data)
{
    ingest::ManualCorrections out;
    for (const ClockOffset &c : data.clockOffsets)
        out.clockOffsets.insert(c.node, c.seconds);
    for (const AttributionOverride &a : data.attribution)
        out.attribution.insert(a.path, {a.node, a.rank});
    return out;
}

void CaseInputs::setCorrections(CaseData &data, const ingest::ManualCorrections &corrections)
{
    data.clockOffsets.clear();
    for (auto it = corrections.clockOffsets.cbegin(); it != corrections.clockOffsets.cend(); ++it)
        data.clockOffsets.append({it.key(), it.value()});
    std::sort(data.clockOffsets.begin(), data.clockOffsets.end(),
              [](const ClockOffset &a, const ClockOffset &b) { return a.node < b.node; });
    data.attribution.clear();
    for (auto it = corrections.attribution.cbegin(); it != corrections.attribution.cend(); ++it)
        data.attribution.append({it.key(), it.value().node, it.value().rank});
    std::sort(data.attribution.begin(), data.attribution.end(),
              [](const AttributionOverride &a, const AttributionOverride &b) { return a.path < b.path; });
}

} // namespace rankscope::cases
