// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "readinglimit.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

using namespace Qt::StringLiterals;

namespace rankscope::ingest {

namespace {

// The suffixes a size may carry, each a power of 1024: "16G", "16 GiB" and "16GB" are the same
// size, because the caps guard memory and disk, which are counted in binary multiples.
struct Multiple
{
    QStringView suffix;
    double factor;
};
constexpr double KiB = 1024.0;
const Multiple SizeMultiples[] = {
    {u"", 1.0},          {u"b", 1.0},
    {u"k", KiB},         {u"kb", KiB},         {u"kib", KiB},
    {u"m", KiB * KiB},   {u"mb", KiB * KiB},   {u"mib", KiB * KiB},
    {u"g", KiB * KiB * KiB}, {u"gb", KiB * KiB * KiB}, {u"gib", KiB * KiB * KiB},
    {u"t", KiB * KiB * KiB * KiB}, {u"tb", KiB * KiB * KiB * KiB}, {u"tib", KiB * KiB * KiB * KiB},
};
// A count may be written "200k" or "2M" (decimal: a count of files has no binary habit).
const Multiple CountMultiples[] = {{u"", 1.0}, {u"k", 1e3}, {u"m", 1e6}};

// Counts and sizes are qint64 in IngestConfig; past 2^53 a double no longer holds every integer.
constexpr double Largest = 9007199254740992.0;

QString tr(const char *text)
{
    return QCoreApplication::translate("ReadingLimit", text);
}

} // namespace

ReadingLimit::ReadingLimit(QString key, QString label, QString description, Unit unit, double minimum, Getter get, Setter set)
    : m_key(std::move(key))
    , m_label(std::move(label))
    , m_description(std::move(description))
    , m_unit(unit)
    , m_minimum(minimum)
    , m_get(get)
    , m_set(set)
{
}

const QList<ReadingLimit> &ReadingLimit::all()
{
    static const QList<ReadingLimit> limits = {
        {u"max-files"_s, tr("Files per bundle"),
         tr("Plain files and archive members listed for one bundle; the rest are named in a warning and not read. "
            "Each file costs a few KiB through the analysis."),
         Unit::Count, 1, [](const IngestConfig &c) { return double(c.maxFiles); },
         [](IngestConfig &c, double v) { c.maxFiles = qint64(v); }},
        {u"max-member-size"_s, tr("Size of one archive member"),
         tr("Bytes one archive member may decompress to; past it the archive stops being read."),
         Unit::Bytes, 1, [](const IngestConfig &c) { return double(c.maxMemberBytes); },
         [](IngestConfig &c, double v) { c.maxMemberBytes = qint64(v); }},
        {u"max-archive-size"_s, tr("Decompressed size of an archive"),
         tr("Bytes one archive may decompress to in all; past it the archive stops being read."),
         Unit::Bytes, 1, [](const IngestConfig &c) { return double(c.maxUncompressedBytes); },
         [](IngestConfig &c, double v) { c.maxUncompressedBytes = qint64(v); }},
        {u"max-archive-members"_s, tr("Members of one archive"),
         tr("Members (files, folders, links) one archive may hold before it stops being read."),
         Unit::Count, 1, [](const IngestConfig &c) { return double(c.maxArchiveEntries); },
         [](IngestConfig &c, double v) { c.maxArchiveEntries = qint64(v); }},
        {u"max-ratio"_s, tr("Compression ratio"),
         tr("How many times its compressed size an archive may expand to once it passes 64 MiB; "
            "real logs compress 10 to 30 times, archive bombs by thousands."),
         Unit::Ratio, 1, [](const IngestConfig &c) { return c.maxCompressionRatio; },
         [](IngestConfig &c, double v) { c.maxCompressionRatio = v; }},
        {u"max-inventory-size"_s, tr("Size of one inventory"),
         tr("Bytes of an inventory or placement listing kept in memory for the version matrix; a larger one is "
            "named in a warning and left out of the matrix."),
         Unit::Bytes, 1, [](const IngestConfig &c) { return double(c.maxKeptTextBytes); },
         [](IngestConfig &c, double v) { c.maxKeptTextBytes = qint64(v); }},
    };
    return limits;
}

const ReadingLimit *ReadingLimit::find(QStringView key)
{
    for (const ReadingLimit &l : all()) {
        if (l.m_key == key)
            return &l;
    }
    return nullptr;
}

QString ReadingLimit::howToRaise(QStringView key)
{
    return u"raise it with --"_s + key + u" or Settings \u25b8 Reading Limits"_s;
}

bool ReadingLimit::parse(QStringView text, double *into, QString *error) const
{
    const QStringView t = text.trimmed();
    qsizetype end = 0;
    while (end < t.size() && (t[end].isDigit() || t[end] == u'.'))
        ++end;
    bool ok = end > 0;
    const double number = ok ? t.left(end).toDouble(&ok) : 0.0;
    const QString suffix = t.mid(end).trimmed().toString().toLower();
    double factor = 0;
    if (ok) {
        if (m_unit == Unit::Bytes) {
            for (const Multiple &m : SizeMultiples) {
                if (m.suffix == suffix)
                    factor = m.factor;
            }
        } else if (m_unit == Unit::Count) {
            for (const Multiple &m : CountMultiples) {
                if (m.suffix == suffix)
                    factor = m.factor;
            }
        } else if (suffix.isEmpty() || suffix == u"x"_s) {
            factor = 1.0;
        }
    }
    const auto fail = [&](const QString &why) {
        if (error)
            *error = why;
        return false;
    };
    if (!ok || factor == 0) {
        switch (m_unit) {
        case Unit::Bytes:
            return fail(tr("needs a size such as 16G, 512M or 1048576, not '%1'").arg(t));
        case Unit::Count:
            return fail(tr("needs a count such as 200000 or 200k, not '%1'").arg(t));
        case Unit::Ratio:
            return fail(tr("needs a ratio such as 1000, not '%1'").arg(t));
        }
    }
    double v = number * factor;
    if (m_unit != Unit::Ratio)
        v = std::floor(v);
    if (!std::isfinite(v) || v > Largest)
        return fail(tr("is too large: '%1'").arg(t));
    if (v < m_minimum)
        return fail(tr("must be at least %1, not '%2'").arg(format(m_minimum), t));
    *into = v;
    return true;
}

QString ReadingLimit::format(double v) const
{
    if (m_unit == Unit::Bytes) {
        // The largest binary multiple that divides the size, so that parse(format(v)) == v.
        static const QStringView names[] = {u" TiB", u" GiB", u" MiB", u" KiB"};
        double factor = KiB * KiB * KiB * KiB;
        for (const QStringView name : names) {
            if (v >= factor && std::fmod(v, factor) == 0)
                return QString::number(qint64(v / factor)) + name;
            factor /= KiB;
        }
        return QString::number(qint64(v));
    }
    if (m_unit == Unit::Count)
        return QString::number(qint64(v));
    return QString::number(v, 'g', 12);
}

} // namespace rankscope::ingest
