// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "knowledgebase.h"

#include "encyclopediastore.h"
#include "entryparser.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QStandardPaths>
#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace rankscope::kb {

KnowledgeBase::~KnowledgeBase() = default;

QString KnowledgeBase::defaultDatabasePath()
{
    const QString env = qEnvironmentVariable("RANKSCOPE_ENCYCLOPEDIA");
    if (!env.isEmpty())
        return env;
    if (QCoreApplication::instance()) {
        const QString relative
            = QDir::cleanPath(QCoreApplication::applicationDirPath() + u"/../share/rankscope/encyclopedia.sqlite"_s);
        if (QFileInfo(relative).isFile())
            return relative;
    }
    return u"/usr/share/rankscope/encyclopedia.sqlite"_s;
}

QString KnowledgeBase::defaultUserDir()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + u"/encyclopedia"_s;
}

std::shared_ptr<const KnowledgeBase> KnowledgeBase::fromEntries(QList<Entry> entries)
{
    std::shared_ptr<KnowledgeBase> kb(new KnowledgeBase);
    kb->build(std::move(entries));
    return kb;
}

std::shared_ptr<const KnowledgeBase> KnowledgeBase::open(
    const QString &dbPath, const QString &userDir, Warnings *warnings)
{
    Warnings local;
    QList<Entry> entries;
    bool builtInLoaded = false;
    if (!dbPath.isEmpty()) {
        EncyclopediaStore store(dbPath, EncyclopediaStore::Mode::ReadOnly);
        std::optional<QList<Entry>> loaded;
        if (store.isOpen())
            loaded = store.readEntries();
        if (loaded) {
            entries = std::move(*loaded);
            builtInLoaded = true;
        } else {
            local.append({ Warning::Kind::Unreadable, dbPath, 0,
                u"the encyclopedia database cannot be used: "_s + store.errorString() });
        }
    }

    QList<Entry> user;
    QSet<QString> userPaths;
    if (!userDir.isEmpty() && QFileInfo(userDir).isDir()) {
        const QDir dir(userDir);
        const QStringList files = dir.entryList({ u"*.md"_s }, QDir::Files | QDir::Readable, QDir::Name);
        for (const QString &f : files) {
            const QString path = dir.filePath(f);
            EntryParser::Result r = EntryParser::parseFile(path);
            if (!r.ok()) {
                local += r.warnings;
                if (r.warnings.isEmpty())
                    local.append({ Warning::Kind::Entry, path, 0, u"not an encyclopedia entry"_s });
                continue;
            }
            userPaths.insert(path);
            user.append(std::move(*r.entry));
        }
    }
    for (Entry &u : user) {
        auto it = std::find_if(entries.begin(), entries.end(), [&u](const Entry &e) { return e.id == u.id; });
        if (it != entries.end()) {
            u.userOverride = true;
            *it = std::move(u);
        } else {
            entries.append(std::move(u));
        }
    }
    if (!userPaths.isEmpty()) {
        // Cross-entry rules for the user's files only: a built-in entry is not the user's to fix.
        const Warnings cross = EntryParser::validateSet(entries);
        for (const Warning &w : cross) {
            if (userPaths.contains(w.path))
                local.append(w);
        }
    }

    std::shared_ptr<KnowledgeBase> kb(new KnowledgeBase);
    kb->build(std::move(entries));
    // The shipped database answers searches as long as nothing was overlaid on it.
    if (builtInLoaded && userPaths.isEmpty())
        kb->m_searchDbPath = dbPath;
    if (warnings)
        *warnings += local;
    return kb;
}

void KnowledgeBase::build(QList<Entry> entries)
{
    // A later duplicate replaces an earlier one, in place of the earlier one.
    QList<Entry> unique;
    QHash<QString, qsizetype> seen;
    for (Entry &e : entries) {
        if (const auto it = seen.constFind(e.id); it != seen.cend()) {
            unique[*it] = std::move(e);
        } else {
            seen.insert(e.id, unique.size());
            unique.append(std::move(e));
        }
    }
    std::sort(unique.begin(), unique.end(), [](const Entry &a, const Entry &b) { return a.id < b.id; });
    m_entries = std::move(unique);

    QHash<QString, qsizetype> anchorIndex;
    for (qsizetype i = 0; i < m_entries.size(); ++i) {
        const Entry &e = m_entries.at(i);
        m_index.insert(e.id, i);
        for (const Fingerprint &f : e.fingerprints) {
            QRegularExpression re(f.regex, f.caseless ? QRegularExpression::CaseInsensitiveOption
                                                      : QRegularExpression::NoPatternOption);
            // Compile (and JIT) now, before the object is shared between threads.
            re.optimize();
            if (!re.isValid() || f.anchor.isEmpty())
                continue; // cannot match; the parser reports such fingerprints
            const qsizetype index = m_fingerprints.size();
            m_fingerprints.append(f);
            m_fingerprints.last().entryId = e.id;
            m_fingerprintEntry.append(i);
            QStringList names = re.namedCaptureGroups();
            names.removeAll(QString());
            m_groupNames.append(names);
            m_regexes.append(re);
            const QString key = f.caseless ? f.anchor.toLower() + u"\x01i"_s : f.anchor;
            auto it = anchorIndex.constFind(key);
            if (it == anchorIndex.cend()) {
                it = anchorIndex.insert(key, m_anchors.size());
                m_anchors.append({ QStringMatcher(f.anchor, f.caseless ? Qt::CaseInsensitive : Qt::CaseSensitive), {} });
            }
            m_anchors[*it].fingerprints.append(index);
        }
    }
}

const Entry *KnowledgeBase::entry(QStringView id) const
{
    const auto it = m_index.constFind(id.toString());
    return it == m_index.cend() ? nullptr : &m_entries.at(*it);
}

QList<FingerprintMatch> KnowledgeBase::classify(QStringView line) const
{
    struct Best
    {
        qsizetype entry;
        qsizetype fingerprint;
        QRegularExpressionMatch match;
    };
    QList<Best> best;
    QString subject; // made only once an anchor hits: most lines contain none
    for (const Anchor &a : m_anchors) {
        if (a.matcher.indexIn(line) < 0)
            continue;
        if (subject.isNull())
            subject = line.toString();
        for (qsizetype f : a.fingerprints) {
            QRegularExpressionMatch m = m_regexes.at(f).match(subject);
            if (!m.hasMatch())
                continue;
            const qsizetype e = m_fingerprintEntry.at(f);
            auto it = std::find_if(best.begin(), best.end(), [e](const Best &b) { return b.entry == e; });
            if (it == best.end()) {
                best.append({ e, f, std::move(m) });
                continue;
            }
            // Within one entry the heavier fingerprint wins, then the earlier one.
            const double w = m_fingerprints.at(f).weight;
            const double bw = m_fingerprints.at(it->fingerprint).weight;
            if (w > bw || (w == bw && f < it->fingerprint)) {
                it->fingerprint = f;
                it->match = std::move(m);
            }
        }
    }

    QList<FingerprintMatch> out;
    out.reserve(best.size());
    for (const Best &b : std::as_const(best)) {
        FingerprintMatch m;
        m.entryId = m_entries.at(b.entry).id;
        m.fingerprint = b.fingerprint;
        m.weight = m_fingerprints.at(b.fingerprint).weight;
        for (const QString &name : m_groupNames.at(b.fingerprint)) {
            if (b.match.capturedStart(name) >= 0)
                m.captures.insert(name, b.match.captured(name));
        }
        out.append(std::move(m));
    }
    std::sort(out.begin(), out.end(), [this](const FingerprintMatch &a, const FingerprintMatch &b) {
        if (std::abs(a.weight - b.weight) >= 1e-9)
            return a.weight > b.weight;
        const int ra = roleRank(m_entries.at(m_index.value(a.entryId)).role);
        const int rb = roleRank(m_entries.at(m_index.value(b.entryId)).role);
        if (ra != rb)
            return ra < rb;
        return a.entryId < b.entryId;
    });
    return out;
}

QList<SearchHit> KnowledgeBase::search(const QString &text, int limit) const
{
    if (!m_searchDbPath.isEmpty()) {
        EncyclopediaStore store(m_searchDbPath, EncyclopediaStore::Mode::ReadOnly);
        return store.search(text, limit).value_or(QList<SearchHit>());
    }
    // Overlaid or hand-made: index the entries in a private in-memory database with the same
    // schema. A few milliseconds for the encyclopedia's size, and nothing is shared between threads.
    EncyclopediaStore store(u":memory:"_s, EncyclopediaStore::Mode::ReadWrite);
    if (!store.migrate() || !store.writeEntries(m_entries))
        return {};
    return store.search(text, limit).value_or(QList<SearchHit>());
}

} // namespace rankscope::kb
