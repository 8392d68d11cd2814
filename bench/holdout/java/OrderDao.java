package com.acme.shop.persistence;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.sql.DataSource;

public class OrderDao {

    private static final Set<String> SORTABLE = Set.of("created_at", "total", "status");
    private static final Map<String, String> STATUS_FILTERS = Map.of(
            "open", "status IN ('NEW','PAID')",
            "shipped", "status = 'SHIPPED'",
            "closed", "status IN ('DELIVERED','REFUNDED')");

    private final DataSource dataSource;

    public OrderDao(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    public record OrderRow(long id, String customerEmail, BigDecimal total, String status, Timestamp createdAt) {}

    private static OrderRow map(ResultSet rs) throws SQLException {
        return new OrderRow(rs.getLong("id"), rs.getString("customer_email"), rs.getBigDecimal("total"),
                rs.getString("status"), rs.getTimestamp("created_at"));
    }

    public Optional<OrderRow> findById(long id, long customerId) throws SQLException {
        String sql = "SELECT id, customer_email, total, status, created_at FROM orders WHERE id = ? AND customer_id = ?";
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setLong(1, id);
            ps.setLong(2, customerId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? Optional.of(map(rs)) : Optional.empty();
            }
        }
    }

    public List<OrderRow> search(String emailFragment, String statusKey, String sortColumn, boolean descending)
            throws SQLException {
        StringBuilder sql = new StringBuilder("SELECT id, customer_email, total, status, created_at FROM orders WHERE 1=1");
        List<Object> args = new ArrayList<>();
        if (emailFragment != null && !emailFragment.isBlank()) {
            sql.append(" AND customer_email LIKE ?");
            args.add("%" + emailFragment + "%");
        }
        String statusClause = STATUS_FILTERS.get(statusKey);
        if (statusClause != null) {
            sql.append(" AND ").append(statusClause);
        }
        String sort = SORTABLE.contains(sortColumn) ? sortColumn : "created_at";
        sql.append(" ORDER BY ").append(sort).append(descending ? " DESC" : " ASC").append(" LIMIT 200");

        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < args.size(); i++) {
                ps.setObject(i + 1, args.get(i));
            }
            List<OrderRow> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.add(map(rs));
                }
            }
            return out;
        }
    }

    public List<OrderRow> findByCoupon(String couponCode) throws SQLException {
        String sql = "SELECT o.id, o.customer_email, o.total, o.status, o.created_at FROM orders o "
                + "JOIN order_coupons oc ON oc.order_id = o.id "
                + "WHERE oc.code = '" + couponCode.trim().toUpperCase() + "'";
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            // expect: CWE-89
            try (ResultSet rs = st.executeQuery(sql)) {
                List<OrderRow> out = new ArrayList<>();
                while (rs.next()) {
                    out.add(map(rs));
                }
                return out;
            }
        }
    }

    public int bulkUpdateStatus(List<Long> ids, String newStatus, String changedBy) throws SQLException {
        if (ids.isEmpty()) {
            return 0;
        }
        StringBuilder in = new StringBuilder();
        for (Long id : ids) {
            if (in.length() > 0) {
                in.append(',');
            }
            in.append(id.longValue());
        }
        String sql = "UPDATE orders SET status = '" + newStatus + "', updated_by = '" + changedBy
                + "' WHERE id IN (" + in + ")";
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            // expect: CWE-89
            return st.executeUpdate(sql);
        }
    }

    public int archiveOlderThan(int days) throws SQLException {
        String sql = "UPDATE orders SET archived = TRUE WHERE created_at < NOW() - INTERVAL '" + Math.abs(days) + " days'";
        try (Connection c = dataSource.getConnection(); Statement st = c.createStatement()) {
            return st.executeUpdate(sql);
        }
    }

    public long countForCustomer(String customerEmail) throws SQLException {
        try (Connection c = dataSource.getConnection();
             PreparedStatement ps = c.prepareStatement("SELECT count(*) FROM orders WHERE customer_email = ?")) {
            ps.setString(1, customerEmail);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
