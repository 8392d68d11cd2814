package com.acme.logistics.shipments;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Query;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.*;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.config.inject.ConfigProperty;

import java.io.IOException;
import java.nio.file.Files;
import java.time.LocalDate;
import java.util.List;

@Path("/shipments")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class ShipmentResource {

    @Inject
    EntityManager em;

    @ConfigProperty(name = "labels.dir", defaultValue = "/data/labels")
    String labelsDir;

    @GET
    @Path("/{id}")
    public Shipment get(@PathParam("id") long id) {
        Shipment s = em.find(Shipment.class, id);
        if (s == null) {
            throw new NotFoundException();
        }
        return s;
    }

    @GET
    public List<Shipment> list(@QueryParam("carrier") String carrier, @QueryParam("destination") String destination) {
        StringBuilder jpql = new StringBuilder("SELECT s FROM Shipment s WHERE 1 = 1");
        if (carrier != null) {
            jpql.append(" AND s.carrier = :carrier");
        }
        if (destination != null) {
            jpql.append(" AND s.destinationCountry = :dest");
        }
        var q = em.createQuery(jpql.toString(), Shipment.class);
        if (carrier != null) {
            q.setParameter("carrier", carrier);
        }
        if (destination != null) {
            q.setParameter("dest", destination);
        }
        return q.setMaxResults(500).getResultList();
    }

    @GET
    @Path("/delayed")
    @SuppressWarnings("unchecked")
    public List<Object[]> delayed(@QueryParam("warehouse") String warehouse, @QueryParam("since") String since) {
        LocalDate from = since == null ? LocalDate.now().minusDays(7) : LocalDate.parse(since);
        String sql = "SELECT tracking_no, carrier, promised_at FROM shipments "
                + "WHERE delivered_at IS NULL AND promised_at < now() AND promised_at >= '" + from + "'";
        if (warehouse != null && !warehouse.isBlank()) {
            sql += " AND warehouse_code = '" + warehouse + "'";
        }
        Query nq = em.createNativeQuery(sql);
        // expect: CWE-89
        return nq.getResultList();
    }

    @PUT
    @Path("/{id}/status")
    @Transactional
    @Consumes(MediaType.TEXT_PLAIN)
    public Response updateStatus(@PathParam("id") long id, String status) {
        ShipmentStatus st;
        try {
            st = ShipmentStatus.valueOf(status.trim().toUpperCase());
        } catch (IllegalArgumentException e) {
            return Response.status(400).entity("unknown status").build();
        }
        int n = em.createNativeQuery("UPDATE shipments SET status = ?1 WHERE id = ?2")
                .setParameter(1, st.name())
                .setParameter(2, id)
                .executeUpdate();
        return n == 1 ? Response.noContent().build() : Response.status(404).build();
    }

    @GET
    @Path("/labels/{carrier}")
    @Produces("application/pdf")
    public Response label(@PathParam("carrier") String carrier, @QueryParam("file") String file) throws IOException {
        java.nio.file.Path p = java.nio.file.Path.of(labelsDir, carrier, file);
        if (!Files.exists(p)) {
            return Response.status(404).build();
        }
        // expect: CWE-22
        byte[] pdf = Files.readAllBytes(p);
        return Response.ok(pdf).header("Content-Disposition", "inline; filename=" + p.getFileName()).build();
    }

    @GET
    @Path("/manifests/{date}")
    @Produces("text/csv")
    public Response manifest(@PathParam("date") String date) throws IOException {
        LocalDate d = LocalDate.parse(date);
        java.nio.file.Path base = java.nio.file.Path.of(labelsDir).toAbsolutePath().normalize();
        java.nio.file.Path p = base.resolve("manifests").resolve("manifest-" + d + ".csv").normalize();
        if (!p.startsWith(base) || !Files.isRegularFile(p)) {
            return Response.status(404).build();
        }
        return Response.ok(Files.readString(p)).build();
    }
}
