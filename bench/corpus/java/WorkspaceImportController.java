package com.acme.planner.imports;

import java.beans.XMLDecoder;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import javax.servlet.http.HttpServletRequest;

import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;
import org.springframework.web.bind.annotation.RequestParam;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Import/export of planner workspaces. Older desktop clients upload Java
 * serialized snapshots; the web client uses JSON or YAML.
 */
@RestController
@RequestMapping("/api/workspaces/import")
public class WorkspaceImportController {

    private final ObjectMapper mapper = new ObjectMapper();
    private final WorkspaceService workspaces;

    public WorkspaceImportController(WorkspaceService workspaces) {
        this.workspaces = workspaces;
    }

    @PostMapping("/snapshot")
    public ResponseEntity<String> importSnapshot(HttpServletRequest request) throws IOException, ClassNotFoundException {
        try (InputStream body = request.getInputStream()) {
            ObjectInputStream in = new ObjectInputStream(body);
            // expect: CWE-502
            WorkspaceSnapshot snapshot = (WorkspaceSnapshot) in.readObject();
            workspaces.restore(snapshot);
            return ResponseEntity.ok(snapshot.getName());
        }
    }

    @PostMapping("/snapshot-v2")
    public ResponseEntity<String> importSnapshotV2(HttpServletRequest request) throws IOException, ClassNotFoundException {
        try (ObjectInputStream in = new ObjectInputStream(request.getInputStream())) {
            in.setObjectInputFilter(ObjectInputFilter.Config.createFilter(
                    "com.acme.planner.imports.WorkspaceSnapshot;com.acme.planner.imports.TaskSnapshot;java.util.ArrayList;java.lang.String;maxdepth=5;!*"));
            WorkspaceSnapshot snapshot = (WorkspaceSnapshot) in.readObject();
            workspaces.restore(snapshot);
            return ResponseEntity.ok(snapshot.getName());
        }
    }

    @PostMapping("/layout")
    public ResponseEntity<Void> restoreLayout(@CookieValue("planner_layout") String layoutCookie) {
        byte[] xml = Base64.getDecoder().decode(layoutCookie);
        try (XMLDecoder decoder = new XMLDecoder(new ByteArrayInputStream(xml))) {
            // expect: CWE-502
            Object layout = decoder.readObject();
            workspaces.applyLayout(layout);
        }
        return ResponseEntity.noContent().build();
    }

    @PostMapping("/yaml")
    public ResponseEntity<String> importYaml(@RequestParam("file") MultipartFile file) throws IOException {
        Yaml yaml = new Yaml();
        // expect: CWE-502
        Object doc = yaml.load(file.getInputStream());
        return ResponseEntity.ok(workspaces.importGeneric(doc));
    }

    @PostMapping("/yaml-config")
    public ResponseEntity<String> importYamlConfig(@RequestParam("file") MultipartFile file) throws IOException {
        Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
        Map<String, Object> doc = yaml.load(file.getInputStream());
        return ResponseEntity.ok(workspaces.importGeneric(doc));
    }

    @PostMapping("/json")
    public ResponseEntity<String> importJson(@RequestBody String json) throws IOException {
        WorkspaceSnapshot snapshot = mapper.readValue(json, WorkspaceSnapshot.class);
        workspaces.restore(snapshot);
        return ResponseEntity.ok(snapshot.getName());
    }

    @PostMapping("/tasks")
    public ResponseEntity<Integer> importTasks(@RequestBody List<Map<String, Object>> tasks) {
        return ResponseEntity.ok(workspaces.importTasks(tasks));
    }
}
