package com.acme.shop.orders;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Sort;
import org.springframework.data.jpa.domain.Specification;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.JpaSpecificationExecutor;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;
import org.springframework.data.repository.query.Param;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

interface OrderRepository extends JpaRepository<Order, Long>, JpaSpecificationExecutor<Order> {

    Optional<Order> findByIdAndCustomerId(Long id, Long customerId);

    @Query("SELECT o FROM Order o WHERE o.customerId = :customerId AND o.status = :status ORDER BY o.createdAt DESC")
    List<Order> findForCustomer(@Param("customerId") Long customerId, @Param("status") OrderStatus status);

    @Query(value = "SELECT COALESCE(SUM(total), 0) FROM orders WHERE customer_id = :customerId AND created_at >= :since",
           nativeQuery = true)
    BigDecimal totalSince(@Param("customerId") Long customerId, @Param("since") Instant since);

    @Modifying
    @Query("UPDATE Order o SET o.status = :status WHERE o.id IN :ids AND o.customerId = :customerId")
    int updateStatus(@Param("ids") List<Long> ids, @Param("customerId") Long customerId, @Param("status") OrderStatus status);
}

@Service
@Transactional(readOnly = true)
public class OrderService {

    private static final Set<String> SORTABLE = Set.of("createdAt", "total", "reference");

    private final OrderRepository orders;

    public OrderService(OrderRepository orders) {
        this.orders = orders;
    }

    public Page<Order> search(Long customerId, String reference, String status, String sortBy, int page) {
        Specification<Order> spec = (root, q, cb) -> cb.equal(root.get("customerId"), customerId);
        if (reference != null && !reference.isBlank()) {
            spec = spec.and((root, q, cb) -> cb.like(cb.lower(root.get("reference")), "%" + reference.toLowerCase() + "%"));
        }
        if (status != null) {
            OrderStatus parsed = OrderStatus.valueOf(status.toUpperCase());
            spec = spec.and((root, q, cb) -> cb.equal(root.get("status"), parsed));
        }
        String sortField = SORTABLE.contains(sortBy) ? sortBy : "createdAt";
        PageRequest pageable = PageRequest.of(Math.max(page, 0), 50, Sort.by(Sort.Direction.DESC, sortField));
        return orders.findAll(spec, pageable);
    }

    public Order get(Long customerId, Long orderId) {
        return orders.findByIdAndCustomerId(orderId, customerId)
                .orElseThrow(() -> new OrderNotFoundException(orderId));
    }

    public List<Order> open(Long customerId) {
        return orders.findForCustomer(customerId, OrderStatus.OPEN);
    }

    public BigDecimal spentSince(Long customerId, Instant since) {
        return orders.totalSince(customerId, since);
    }

    @Transactional
    public int cancel(Long customerId, List<Long> orderIds) {
        if (orderIds.size() > 100) {
            throw new IllegalArgumentException("too many orders");
        }
        return orders.updateStatus(orderIds, customerId, OrderStatus.CANCELLED);
    }
}
