package com.acme.bank.accounts;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.sql.DataSource;

/**
 * Plain JDBC data access for accounts and transfers.
 */
public class AccountDao {

    private static final Map<String, String> ORDER_COLUMNS = Map.of(
            "opened", "opened_at",
            "balance", "balance",
            "name", "display_name");

    private final DataSource dataSource;

    public AccountDao(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public Optional<Account> findByIban(String iban) throws SQLException {
        String sql = "SELECT id, iban, display_name, balance FROM accounts WHERE iban = ?";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, iban);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        }
    }

    public List<Account> listForCustomer(long customerId, String orderBy, boolean descending) throws SQLException {
        String column = ORDER_COLUMNS.getOrDefault(orderBy, "opened_at");
        StringBuilder sql = new StringBuilder("SELECT id, iban, display_name, balance FROM accounts WHERE customer_id = ?");
        sql.append(" ORDER BY ").append(column).append(descending ? " DESC" : " ASC");
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql.toString())) {
            ps.setLong(1, customerId);
            List<Account> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(map(rs));
                }
            }
            return out;
        }
    }

    public List<Account> findByIds(List<Long> ids) throws SQLException {
        if (ids.isEmpty()) {
            return List.of();
        }
        String placeholders = String.join(",", java.util.Collections.nCopies(ids.size(), "?"));
        String sql = "SELECT id, iban, display_name, balance FROM accounts WHERE id IN (" + placeholders + ")";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < ids.size(); i++) {
                ps.setLong(i + 1, ids.get(i));
            }
            List<Account> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(map(rs));
                }
            }
            return out;
        }
    }

    public long transfer(long fromId, long toId, BigDecimal amount, String reference) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement debit = c.prepareStatement(
                         "UPDATE accounts SET balance = balance - ? WHERE id = ? AND balance >= ?");
                 PreparedStatement credit = c.prepareStatement("UPDATE accounts SET balance = balance + ? WHERE id = ?");
                 PreparedStatement journal = c.prepareStatement(
                         "INSERT INTO transfers (from_id, to_id, amount, reference) VALUES (?, ?, ?, ?)",
                         Statement.RETURN_GENERATED_KEYS)) {
                debit.setBigDecimal(1, amount);
                debit.setLong(2, fromId);
                debit.setBigDecimal(3, amount);
                if (debit.executeUpdate() != 1) {
                    c.rollback();
                    throw new InsufficientFundsException(fromId);
                }
                credit.setBigDecimal(1, amount);
                credit.setLong(2, toId);
                credit.executeUpdate();
                journal.setLong(1, fromId);
                journal.setLong(2, toId);
                journal.setBigDecimal(3, amount);
                journal.setString(4, reference);
                journal.executeUpdate();
                c.commit();
                try (ResultSet keys = journal.getGeneratedKeys()) {
                    keys.next();
                    return keys.getLong(1);
                }
            } catch (SQLException e) {
                c.rollback();
                throw e;
            }
        }
    }

    public int countOpenedSince(String isoDate) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT COUNT(*) FROM accounts WHERE opened_at >= CAST(? AS DATE)")) {
            ps.setString(1, isoDate);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    private static Account map(ResultSet rs) throws SQLException {
        return new Account(rs.getLong("id"), rs.getString("iban"), rs.getString("display_name"), rs.getBigDecimal("balance"));
    }
}
