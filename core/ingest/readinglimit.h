// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "ingestconfig.h"

#include <QList>
#include <QString>
#include <QStringView>

namespace rankscope::ingest {

// One cap of IngestConfig that a user may change. The command line (--KEY VALUE) and the
// window's Reading Limits dialog are both built from all(), so they offer the same caps under
// the same names, check values the same way, and the warning a cap gives names how to raise it.
class ReadingLimit
{
public:
    enum class Unit { Count, Bytes, Ratio };

    // Every limit a user may set, in the order they are shown.
    static const QList<ReadingLimit> &all();
    // The limit named KEY ("max-files"), or null.
    static const ReadingLimit *find(QStringView key);
    // "raise it with --KEY or Settings ▸ Reading Limits": appended to the warning of a cap.
    static QString howToRaise(QStringView key);

    QString key() const { return m_key; }
    QString label() const { return m_label; }
    QString description() const { return m_description; }
    Unit unit() const { return m_unit; }

    double value(const IngestConfig &config) const { return m_get(config); }
    void setValue(IngestConfig &config, double v) const { m_set(config, v); }
    double defaultValue() const { return m_get(IngestConfig{}); }

    // A count ("200000", "200k"), a size ("16G", "512 MiB", "1.5GB": binary multiples, bytes
    // without a suffix) or a ratio ("1000"). False for anything else, for a value under the
    // minimum and for one too large to hold, with the reason in error as the rest of a sentence
    // that starts with the limit's name ("needs a size such as 16G…, not 'x'").
    bool parse(QStringView text, double *into, QString *error) const;
    // The value as parse() reads it back: "16 GiB", "200000", "1000".
    QString format(double v) const;

private:
    using Getter = double (*)(const IngestConfig &);
    using Setter = void (*)(IngestConfig &, double);
    ReadingLimit(QString key, QString label, QString description, Unit unit, double minimum, Getter get, Setter set);

    QString m_key;
    QString m_label;
    QString m_description;
    Unit m_unit;
    double m_minimum;
    Getter m_get;
    Setter m_set;
};

} // namespace rankscope::ingest
