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
    // One pass over the sources, grouped by root (a case may list a million files).
    struct Root
    {
        QStringList files;
        bool nested = false;
    };
    const QStringList roots = CaseLocator::roots(data);
    QHash<QString, Root> byRoot;
    for (const CaseSource &s : data.sources) {
        Root &r = byRoot[s.root];
        r.nested = r.nested || s.relativePath.contains(u'/');
        const QString file = QDir::cleanPath(s.root + u'/' + s.relativePath);
        // Only files inside the root, links resolved: a case must not make RankScope read
        // anything outside the bundle its user chose.
        if (QFileInfo(file).isFile() && CaseLocator::insideRoot(s.root, file))
            r.files.append(file);
    }
    QStringList out;
    for (const QString &root : roots) {
        const Root &r = byRoot[root];
        if (r.nested) {
            if (QFileInfo(root).isDir())
                out.append(QDir::cleanPath(root));
        } else {
            out += r.files;
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
