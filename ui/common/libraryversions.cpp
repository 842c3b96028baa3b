// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "libraryversions.h"

#include "rankscopeconfig.h"

#include <qcustomplot.h>
#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
#include <ksyntaxhighlighting_version.h>
#endif

using namespace Qt::StringLiterals;

namespace rankscope::ui {

QList<QPair<QString, QString>> guiLibraryVersions()
{
    QList<QPair<QString, QString>> v;
    v.append({u"QCustomPlot"_s, QString::fromLatin1(QCUSTOMPLOT_VERSION_STR)});
#if RANKSCOPE_HAVE_KSYNTAXHIGHLIGHTING
    v.append({u"KSyntaxHighlighting"_s, QString::fromLatin1(KSYNTAXHIGHLIGHTING_VERSION_STRING)});
#else
    v.append({u"KSyntaxHighlighting"_s, u"not built"_s});
#endif
    return v;
}

} // namespace rankscope::ui
