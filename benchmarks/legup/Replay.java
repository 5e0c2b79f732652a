package gridlogic.legupreplay;

import edu.rpi.legup.model.gameboard.Board;
import edu.rpi.legup.model.gameboard.PuzzleElement;
import edu.rpi.legup.model.rules.Rule;
import edu.rpi.legup.model.tree.TreeNode;
import edu.rpi.legup.model.tree.TreeTransition;
import edu.rpi.legup.puzzle.binary.BinaryBoard;
import edu.rpi.legup.puzzle.binary.BinaryCell;
import edu.rpi.legup.puzzle.binary.BinaryCellFactory;
import edu.rpi.legup.puzzle.binary.BinaryType;
import edu.rpi.legup.puzzle.starbattle.StarBattleBoard;
import edu.rpi.legup.puzzle.starbattle.StarBattleCell;
import edu.rpi.legup.puzzle.starbattle.StarBattleRegion;
import java.awt.Point;
import java.io.File;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * gridlogic's headless replay of LEGUP proof files through LEGUP's own model and rule classes.
 *
 * <p>For each file: the board is built as LEGUP's importer builds it (BinaryImporter /
 * StarBattleImporter.initializeBoard), the tree as PuzzleImporter.createTree does (a node per
 * {@code <node>}, a transition per {@code <transition>}, each transition's board a copy of its
 * parent's with its cells applied and marked modified), and every justified transition is judged
 * by {@code rule.checkRule(transition)} of the LEGUP rule whose id (else name) it names.
 *
 * <p>Output, tab-separated: {@code FILE path kind transitions justified accepted rejected
 * unjustified byname tree_valid} and one {@code REJECT path rule rule_id message} line per
 * rejected transition; {@code ERROR path message} when a file cannot be loaded.
 */
public final class Replay {
    private static final String[] BINARY_RULES = {
        // basic, contradiction, case: the order LEGUP's Puzzle.getRuleByID searches; each list in
        // class-name order as LEGUP registers them (so BINA-BASC-0003 finds Complete Row/Column).
        "binary.rules.CompleteRowColumnDirectRule", "binary.rules.PreventTrioDirectRule",
        "binary.rules.SaveBlockerDirectRule", "binary.rules.UniqueRowColumnDirectRule",
        "binary.rules.RepeatedRowColumnContradictionRule", "binary.rules.TrioContradictionRule",
        "binary.rules.UnbalancedRowColumnContradictionRule", "binary.rules.WastedBlockerContradictionRule",
        "binary.rules.ZeroOrOneCaseRule",
    };
    private static final String[] STARBATTLE_RULES = {
        "starbattle.rules.ColumnsWithinRegionsDirectRule", "starbattle.rules.ColumnsWithinRowsDirectRule",
        "starbattle.rules.FinishSurroundWithEmptyDirectRule", "starbattle.rules.FinishWithEmptyDirectRule",
        "starbattle.rules.FinishWithStarsDirectRule", "starbattle.rules.RowsWithinRegionsDirectRule",
        "starbattle.rules.SurroundStarDirectRule",
        "starbattle.rules.ClashingOrbitContradictionRule", "starbattle.rules.TooFewStarsContradictionRule",
        "starbattle.rules.TooManyStarsContradictionRule",
        "starbattle.rules.StarOrEmptyCaseRule",
    };

    private Replay() {}

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        // LEGUP's rules print debugging lines to stdout; keep the report clean.
        System.setOut(new PrintStream(OutputStream.nullOutputStream()));
        for (String path : args) {
            try {
                replay(path, out);
            } catch (Exception e) {
                out.println("ERROR\t" + path + "\t" + oneLine(e.toString()));
            }
        }
        out.flush();
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ');
    }

    private static List<Rule> rules(String[] names) throws Exception {
        List<Rule> out = new ArrayList<>();
        for (String n : names) {
            out.add((Rule) Class.forName("edu.rpi.legup.puzzle." + n).getConstructor().newInstance());
        }
        return out;
    }

    private static void replay(String path, PrintStream out) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new File(path));
        Element puzzle = (Element) doc.getDocumentElement().getElementsByTagName("puzzle").item(0);
        String kind = puzzle.getAttribute("name");
        Element boardEl = (Element) puzzle.getElementsByTagName("board").item(0);
        boolean binary = kind.equalsIgnoreCase("Binary");
        Board start = binary ? binaryBoard(boardEl) : starBattleBoard(boardEl);
        List<Rule> rules = rules(binary ? BINARY_RULES : STARBATTLE_RULES);

        NodeList nodeEls = ((Element) puzzle.getElementsByTagName("tree").item(0)).getElementsByTagName("node");
        Map<String, TreeNode> nodes = new HashMap<>();
        Map<String, Element> nodeElement = new HashMap<>();
        TreeNode root = null;
        for (int i = 0; i < nodeEls.getLength(); i++) {
            Element e = (Element) nodeEls.item(i);
            TreeNode n = new TreeNode(null);
            nodes.put(e.getAttribute("id"), n);
            nodeElement.put(e.getAttribute("id"), e);
            if (e.getAttribute("root").equalsIgnoreCase("true")) {
                n.setRoot(true);
                root = n;
            }
        }
        if (root == null) {
            throw new IllegalArgumentException("no root node");
        }
        // Link first (as createTree does), then fill boards top-down.
        Map<TreeTransition, Element> cells = new HashMap<>();
        List<TreeTransition> order = new ArrayList<>();
        int byName = 0;
        for (Map.Entry<String, Element> ne : nodeElement.entrySet()) {
            TreeNode node = nodes.get(ne.getKey());
            NodeList ts = ne.getValue().getElementsByTagName("transition");
            for (int k = 0; k < ts.getLength(); k++) {
                Element te = (Element) ts.item(k);
                TreeTransition t = new TreeTransition(node, null);
                String name = te.getAttribute("rule");
                String id = te.getAttribute("rule_id");
                if (!name.isEmpty()) {
                    // By id (LEGUP's getRuleByID). Where LEGUP's sources give one id to two rules
                    // (Binary BINA-BASC-0004: Save Blocker and Unique Row/Column in the stored sources;
                    // BINA-BASC-0003 in others), the one of the transition's name among them.
                    Rule rule = null;
                    for (Rule r : rules) {
                        if (r.getRuleID().equals(id) && (rule == null || r.getRuleName().equals(name))) {
                            rule = r;
                        }
                    }
                    if (rule == null) {
                        for (Rule r : rules) {
                            if (r.getRuleName().equals(name)) {
                                rule = r;
                                byName++;
                                break;
                            }
                        }
                    }
                    if (rule == null) {
                        throw new IllegalArgumentException("no LEGUP rule with id " + id + " or name " + name);
                    }
                    t.setRule(rule);
                }
                node.addChild(t);
                TreeNode child = nodes.get(te.getAttribute("child"));
                if (child != null) {
                    child.setParent(t);
                    t.setChildNode(child);
                }
                cells.put(t, te);
                order.add(t);
            }
        }
        root.setBoard(start.copy());
        ArrayDeque<TreeNode> todo = new ArrayDeque<>();
        todo.add(root);
        BinaryCellFactory factory = new BinaryCellFactory();
        while (!todo.isEmpty()) {
            TreeNode node = todo.poll();
            for (TreeTransition t : node.getChildren()) {
                Board b = node.getBoard().copy();
                t.setBoard(b);
                NodeList cs = cells.get(t).getChildNodes();
                for (int i = 0; i < cs.getLength(); i++) {
                    Node c = cs.item(i);
                    if (!c.getNodeName().equalsIgnoreCase("cell")) {
                        continue;
                    }
                    if (binary) {
                        // PuzzleImporter.makeTransitionChanges: the factory's cell replaces the board's.
                        PuzzleElement cell = factory.importCell(c, b);
                        b.setPuzzleElement(cell.getIndex(), cell);
                        b.addModifiedData(cell);
                    } else {
                        // WORKAROUND (LEGUP bug): StarBattleCellFactory.importCell refuses any cell
                        // without a groupIndex attribute or with a value other than 0, i.e. every
                        // cell of every proof, LEGUP's own saves included. The change is made as
                        // LEGUP's editor makes it: the board's own cell takes the new value (so the
                        // region lists, which share the cell objects, see it too).
                        Element ce = (Element) c;
                        int x = Integer.parseInt(ce.getAttribute("x"));
                        int y = Integer.parseInt(ce.getAttribute("y"));
                        StarBattleCell cell = ((StarBattleBoard) b).getCell(x, y);
                        cell.setData(Integer.parseInt(ce.getAttribute("value")));
                        b.addModifiedData(cell);
                    }
                }
                if (t.getChildNode() != null) {
                    t.getChildNode().setBoard(b.copy());
                    todo.add(t.getChildNode());
                }
            }
        }
        int justified = 0, accepted = 0, rejected = 0, unjustified = 0;
        for (TreeTransition t : order) {
            if (t.getBoard() == null) {
                continue; // unreachable from the root
            }
            if (t.getRule() == null) {
                unjustified++;
                continue;
            }
            justified++;
            String msg;
            try {
                msg = t.getRule().checkRule(t);
            } catch (RuntimeException e) {
                msg = "LEGUP threw " + e;
            }
            if (msg == null) {
                accepted++;
            } else {
                rejected++;
                out.println("REJECT\t" + path + "\t" + t.getRule().getRuleName() + "\t"
                        + cells.get(t).getAttribute("rule_id") + "\t" + oneLine(msg));
            }
        }
        boolean treeValid;
        try {
            treeValid = root.isValid();
        } catch (RuntimeException e) {
            treeValid = false;
        }
        out.println("FILE\t" + path + "\t" + kind + "\t" + order.size() + "\t" + justified + "\t" + accepted
                + "\t" + rejected + "\t" + unjustified + "\t" + byName + "\t" + treeValid);
    }

    /** BinaryImporter.initializeBoard (9bb5c69), the board part. */
    private static Board binaryBoard(Element boardElement) throws Exception {
        Element dataElement = (Element) boardElement.getElementsByTagName("cells").item(0);
        NodeList elementDataList = dataElement.getElementsByTagName("cell");
        BinaryBoard binaryBoard;
        if (!boardElement.getAttribute("size").isEmpty()) {
            binaryBoard = new BinaryBoard(Integer.valueOf(boardElement.getAttribute("size")));
        } else {
            binaryBoard = new BinaryBoard(Integer.valueOf(boardElement.getAttribute("width")),
                    Integer.valueOf(boardElement.getAttribute("height")));
        }
        int width = binaryBoard.getWidth();
        int height = binaryBoard.getHeight();
        if (width % 2 != 0 || height % 2 != 0) {
            throw new IllegalArgumentException("Binary Importer: invalid board dimensions");
        }
        BinaryCellFactory factory = new BinaryCellFactory();
        for (int i = 0; i < elementDataList.getLength(); i++) {
            BinaryCell cell = factory.importCell(elementDataList.item(i), binaryBoard);
            Point loc = cell.getLocation();
            if (cell.getData() != BinaryType.UNKNOWN.toValue()) {
                cell.setModifiable(false);
                cell.setGiven(true);
            }
            binaryBoard.setCell(loc.x, loc.y, cell);
        }
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (binaryBoard.getCell(x, y) == null) {
                    BinaryCell cell = new BinaryCell(BinaryType.UNKNOWN.toValue(), new Point(x, y));
                    cell.setIndex(y * height + x);
                    cell.setModifiable(true);
                    binaryBoard.setCell(x, y, cell);
                }
            }
        }
        return binaryBoard;
    }

    /** StarBattleImporter.initializeBoard (355b3ca). */
    private static Board starBattleBoard(Element puzzleElement) {
        int puzzleNum = Integer.parseInt(puzzleElement.getAttribute("puzzle_num"));
        NodeList regionNodes = puzzleElement.getElementsByTagName("region");
        int size = Integer.parseInt(puzzleElement.getAttribute("size"));
        if (regionNodes.getLength() != size) {
            throw new IllegalArgumentException("Not the current amount of regions in the puzzle.");
        }
        StarBattleBoard board = new StarBattleBoard(size, puzzleNum);
        for (int i = 0; i < regionNodes.getLength(); i++) {
            Element regionElement = (Element) regionNodes.item(i);
            NodeList cellNodes = regionElement.getElementsByTagName("cell");
            StarBattleRegion region = new StarBattleRegion();
            for (int j = 0; j < cellNodes.getLength(); j++) {
                Element cellElement = (Element) cellNodes.item(j);
                int x = Integer.parseInt(cellElement.getAttribute("x"));
                int y = Integer.parseInt(cellElement.getAttribute("y"));
                int value = Integer.parseInt(cellElement.getAttribute("value"));
                StarBattleCell cell = new StarBattleCell(value, new Point(x, y), i, size);
                cell.setIndex(y * size + x);
                cell.setModifiable(true);
                board.setCell(x, y, cell);
                region.addCell(cell);
            }
            board.setRegion(i, region);
        }
        return board;
    }
}
