// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "analysisresult.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

namespace rankscope::report {

// Replaces what identifies a site or a person in text that leaves the machine: host names
// (node-01, and other-host-01 for hosts that are no node), IPv4 and IPv6 addresses (ip-01,
// ip6-01), e-mail addresses, MAC addresses and user names (email-01, mac-01, user-01), the same
// alias wherever the original appears (report text, tables, image labels, trace). Secrets
// (passwords in URLs, bearer tokens, AWS/GitHub/Hugging Face/Slack tokens, JWTs, values of
// *_TOKEN=, *_KEY=, password=) become "[redacted]". A default-constructed Redactor is disabled and
// apply() returns its input, so renderers call apply() unconditionally: every output format
// goes through this one class.
//
// What is redacted is learnt up front from the whole AnalysisResult (node names wherever a node
// is named, addresses, user names and dotted host names in every event, evidence, fact, path and
// warning), then numbered in sorted order (natural order for host names: node-2 before node-10),
// so the same bundle always gives the same aliases. apply() removes secrets, then e-mail, MAC
// and IPv6 addresses, then makes a single left-to-right pass over tokens, longest known name
// first, so "node-1" never rewrites part of "node-10" and an alias is never rewritten again.
// Host names match as whole tokens, case-insensitively, also inside paths
// ("logs/gpu-a01/rank0.log", "gpu-a01_rank0.log") and in their FQDN forms. Defence in depth: an
// address, e-mail or /home/<name> directory that was not seen while learning (typed into notes,
// say) still becomes "ip-x", "email-x" or "/home/user-x". A host that is no node is recognised
// only in dotted form with a domain suffix ("nfs01.corp.example.com", not a bare "nfs01"), and
// public sites (github.com, pytorch.org …) stay.
class Redactor
{
public:
    enum class Kind { Host, Address, User, Email, Mac };
    struct Alias
    {
        Kind kind = Kind::Host;
        QString original; // lower-case for hosts and users
        QString alias;
    };

    Redactor() = default; // disabled: apply() is the identity

    // Learns every node name, address and user name of the result, and of extraTexts (notes,
    // bookmark labels: anything else the report will contain).
    static Redactor fromResult(const analysis::AnalysisResult &result, const QStringList &extraTexts = {});
    // The same over several results (a failed run and the good run it is compared with), so
    // one alias stands for a host in both.
    static Redactor fromResults(const QList<const analysis::AnalysisResult *> &results,
        const QStringList &extraTexts = {});
    // Host names given explicitly; addresses, user names and FQDN variants of the hosts are
    // learnt from texts.
    static Redactor fromNames(const QStringList &hosts, const QStringList &texts);

    bool isEnabled() const { return m_enabled; }
    QString apply(const QString &text) const;
    QStringList apply(const QStringList &texts) const;

    // Every learnt original with its alias, hosts first, each kind by alias. For tests and
    // diagnostics: a report must never print this.
    const QList<Alias> &aliases() const { return m_aliases; }

    // Replaces secrets (passwords in URLs, bearer tokens, AWS, GitHub, Hugging Face and Slack
    // tokens, JWTs, values of *_TOKEN=, *_KEY=, password= …) with "[redacted]". Used by apply().
    static QString withoutSecrets(const QString &text);

private:
    class Learner;
    static void learn(Learner &l, const analysis::AnalysisResult &result);
    QString replaceIdentifiers(const QString &text) const;

    bool m_enabled = false;
    QHash<QString, QString> m_names; // lower-case host name (any variant) or user name -> alias
    QHash<quint32, QString> m_addresses;
    QHash<QString, QString> m_identifiers; // e-mail, MAC (':' separated), IPv6, lower case -> alias
    QList<Alias> m_aliases;
};

} // namespace rankscope::report
