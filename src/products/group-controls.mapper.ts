import type { GroupControlSettingsDto } from './dto/group-controls.dto.js';
import { controlName, type ControlSettings } from './group-controls.rules.js';

/** A `groups` row as the group-control answers name it. */
export interface ControlledGroupRow {
  id: number;
  name: string;
  description: string;
  isactive: number;
}

/** One group's settings on a product as the API gives them: controls by name, flags as booleans. */
export function groupControlItem(group: ControlledGroupRow, settings: ControlSettings): GroupControlSettingsDto {
  return {
    group: { id: group.id, name: group.name, description: group.description, is_active: group.isactive !== 0 },
    entry: settings.entry !== 0,
    membercontrol: controlName(settings.membercontrol),
    othercontrol: controlName(settings.othercontrol),
    canedit: settings.canedit !== 0,
    editcomponents: settings.editcomponents !== 0,
    editbugs: settings.editbugs !== 0,
    canconfirm: settings.canconfirm !== 0,
  };
}
