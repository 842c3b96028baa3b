// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "builtinhighlighter.h"

#include "themes.h"

#include <QPalette>
#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

LineHighlighter::~LineHighlighter() = default;

namespace {

struct Rule
{
    BuiltinLineHighlighter::Category category;
    QRegularExpression re;
};

// The rules of rankscope-log.xml, in its order. Compiled once for the process.
const QList<Rule> &rules()
{
    using C = BuiltinLineHighlighter;
    static const QList<Rule> r = [] {
        const QString errorNames = u"DistBackendError|DistStoreError|DistNetworkError|ChildFailedError|OutOfMemoryError|"
                                   "RendezvousTimeoutError|RendezvousClosedError|RuntimeError|AcceleratorError|"
                                   "SignalException|Traceback|SIGTERM|SIGKILL|SIGABRT|SIGSEGV|SIGBUS|ncclSystemError|"
                                   "ncclInternalError|ncclRemoteError|ncclInvalidUsage|ncclUnhandledCudaError"_s;
        QList<Rule> list{
            {C::Rank, QRegularExpression(uR"(^\s*(?:P\d+ )?\d+: )"_s)},
            {C::Rank, QRegularExpression(uR"(\[(?:rank|default|[A-Za-z_]*)\d+\]:)"_s)},
            {C::Rank, QRegularExpression(uR"(^\[\d+,\d+\]<(?:stdout|stderr|stddiag)>: ?)"_s)},
            {C::Rank, QRegularExpression(uR"(\[(?:PG (?:ID )?\d+(?: PG GUID [^\s(\]]+(?:\([^)]*\))?)? )?Rank \d+\])"_s)},
            {C::Timestamp, QRegularExpression(uR"(\d{4}-\d\d-\d\d[T _]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?)"_s)},
            {C::Timestamp, QRegularExpression(uR"(\[[FEWIV]\d{3,4} \d\d:\d\d:\d\d\.\d+ [^\]]+\])"_s)},
            {C::Timestamp, QRegularExpression(uR"(^[IWEFVC]\d{4,8} \d\d:\d\d:\d\d\.\d{6})"_s)},
            {C::Timestamp, QRegularExpression(uR"(^\[\s*\d+\.\d{6}\])"_s)},
            {C::Timestamp, QRegularExpression(uR"(^[A-Z][a-z]{2} +\d+ \d\d:\d\d:\d\d)"_s)},
            {C::Source, QRegularExpression(uR"([\w.\-]+:\d+:\d+ (?:\[\d+\] )?)"_s)},
            {C::Error, QRegularExpression(u"NCCL WARN"_s)},
            {C::Info, QRegularExpression(u"NCCL (?:INFO|TRACE)"_s)},
            {C::Error, QRegularExpression(uR"(\b(?:ERROR|FATAL|CRITICAL|error:|fatal:))"_s)},
            {C::Warning, QRegularExpression(uR"(\b(?:WARNING|WARN|Warning:))"_s)},
            {C::Error, QRegularExpression(u"Watchdog caught collective operation timeout|NVRM: Xid|CUDA out of memory|CANCELLED AT|Out of memory: Kill"_s)},
            {C::Number, QRegularExpression(uR"(\b(?:SeqNum|OpType|NumelIn|NumelOut|Timeout\(ms\)|exitcode|pid)[=:] ?-?\w+)"_s)},
            {C::Error, QRegularExpression(uR"((?<![\w.])(?:)"_s + errorNames + uR"()(?![\w]))"_s)},
        };
        for (Rule &rule : list)
            rule.re.optimize();
        return list;
    }();
    return r;
}

// A hue at a lightness that reads on the palette's base: darker on light bases, lighter on dark.
QColor tone(int hue, int saturation, bool dark)
{
    return QColor::fromHsl(hue, saturation, dark ? 175 : 88);
}

QColor mix(const QColor &a, const QColor &b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

} // namespace

BuiltinLineHighlighter::BuiltinLineHighlighter(const QPalette &palette)
{
    setPalette(palette);
}

void BuiltinLineHighlighter::setPalette(const QPalette &palette)
{
    const bool dark = Themes::isDark(palette);
    for (QTextCharFormat &f : m_formats)
        f = QTextCharFormat();
    m_formats[Rank].setForeground(palette.color(QPalette::Link));
    m_formats[Rank].setFontWeight(QFont::DemiBold);
    m_formats[Timestamp].setForeground(mix(palette.color(QPalette::Text), palette.color(QPalette::Base), 0.42));
    m_formats[Source].setForeground(tone(180, 160, dark));
    m_formats[Error].setForeground(tone(2, 200, dark));
    m_formats[Error].setFontWeight(QFont::Bold);
    m_formats[Warning].setForeground(tone(36, 230, dark));
    m_formats[Warning].setFontWeight(QFont::DemiBold);
    m_formats[Info].setForeground(tone(130, 120, dark));
    m_formats[Number].setForeground(tone(280, 120, dark));
}

QList<QTextLayout::FormatRange> BuiltinLineHighlighter::highlight(const QString &line)
{
    QList<QTextLayout::FormatRange> out;
    if (line.isEmpty())
        return out;
    QList<std::pair<int, int>> taken; // claimed [start, end)
    auto overlaps = [&taken](int s, int e) {
        for (const auto &[ts, te] : std::as_const(taken)) {
            if (s < te && ts < e)
                return true;
        }
        return false;
    };
    for (const Rule &rule : rules()) {
        auto it = rule.re.globalMatch(line);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const int s = int(m.capturedStart());
            const int e = int(m.capturedEnd());
            if (e <= s || overlaps(s, e))
                continue;
            taken.append({s, e});
            out.append({s, e - s, m_formats.at(rule.category)});
        }
    }
    std::sort(out.begin(), out.end(), [](const auto &a, const auto &b) { return a.start < b.start; });
    return out;
}

QString BuiltinLineHighlighter::name() const
{
    return u"built-in"_s;
}

} // namespace rankscope::ui
